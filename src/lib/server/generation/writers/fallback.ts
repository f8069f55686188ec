import { setTimeout as delay } from "node:timers/promises";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { countCharacters } from "#shared/credits.ts";
import { getConfig } from "#server/config.ts";
import { failure } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import { writerErrors } from "#server/metrics.ts";
import type { WriterVoice } from "#server/voices/voices.ts";
import { buildPrompt, type PromptUseCase, type RefinementSource } from "../prompts.ts";
import { WriterEmptyAnswer, WriterTimeout, writerErrorReason } from "./failure-reason.ts";
import { QueueFull } from "./local/writer.ts";
import { busyError } from "./registry.ts";
import type { LinePlace, TextProvider } from "./types.ts";

/** How long a writer that was told to stop may take to let go. */
const CLOSE_GRACE_MS = 1_000;

export class GenerationCancelled extends Error {
  override name = "GenerationCancelled";
}

/** What the writer reports while it writes: its place in line, text, or "start over". */
export type WriterEvent =
  { type: "queued"; position: number } | { type: "delta"; text: string } | { type: "reset" };

export interface WrittenText {
  content: string;
  modelUsed: string;
  modelName?: string;
}

/**
 * A writer failed, stalled or ran out of time after some of its text had gone to a client
 * that shows text as it comes (SSE): the text is not started over by the next writer but
 * ends there, priced like a Stop (decision 056).
 */
export class WriterStoppedEarly extends Error {
  override name = "WriterStoppedEarly";
  constructor(providerId: string) {
    super(`${providerId} stopped before the end of the text`);
  }
}

/**
 * Control characters (C0 but tab and new line, DEL, C1; carriage returns too, so CRLF
 * becomes LF) and unpaired surrogates. With the `u` flag a surrogate class matches only
 * halves without their partner.
 */
const UNWANTED = /(?![\t\n])[\p{Cc}\p{Cs}]/gu;

/**
 * A writer's text as we keep it (decision 060): PostgreSQL refuses a NUL and a lone
 * surrogate outright, and no reader wants a bell or an escape. Cleaning each piece as it
 * arrives cleans the streamed text and the saved text alike; a CRLF split across two
 * pieces still ends as one new line, since a carriage return is dropped wherever it is.
 */
export function cleanWrittenText(piece: string): string {
  return piece.replace(UNWANTED, "");
}

/**
 * The most characters one text may hold: a generous eight a token of its length's budget,
 * so a writer that loops on markup (nested quotes without end) is cut where no honest text goes.
 */
const CHARACTERS_PER_TOKEN_CAP = 8;

/** The character cap of one text: CHARACTERS_PER_TOKEN_CAP a token of its budget. */
function cutAtCap(piece: string, room: number): { text: string; length: number; capped: boolean } {
  const length = countCharacters(piece);
  if (length < room) return { text: piece, length, capped: false };
  return { text: [...piece].slice(0, room).join(""), length: room, capped: true };
}

/**
 * A writer's deadlines: it may be silent PROVIDER_TIMEOUT_MS (to its first token, between
 * tokens; not while it waits in line), and a hosted writer's whole text may take
 * PROVIDER_TEXT_TIMEOUT_MS. The local writer's length is held by its token budget.
 */
function writerDeadlines(controller: AbortController, hosted: boolean) {
  const config = getConfig();
  let silence: NodeJS.Timeout | undefined;
  const ceiling = hosted
    ? setTimeout(
        () => controller.abort(new WriterTimeout("provider took too long for the whole text")),
        config.PROVIDER_TEXT_TIMEOUT_MS,
      )
    : undefined;
  const deadlines = {
    heard() {
      clearTimeout(silence);
      silence = setTimeout(
        () => controller.abort(new WriterTimeout("provider timed out")),
        config.PROVIDER_TIMEOUT_MS,
      );
    },
    inLine() {
      clearTimeout(silence);
    },
    clear() {
      clearTimeout(silence);
      clearTimeout(ceiling);
    },
  };
  deadlines.heard();
  return deadlines;
}

/**
 * The local model's generation is over only when its native work stopped (at its next
 * token); a remote SDK that does not let go is not waited for past a grace period.
 */
async function letGo(pieces: AsyncIterator<unknown>): Promise<void> {
  const closing = pieces.return?.(undefined)?.catch(() => undefined);
  if (!closing) return;
  const grace = new AbortController();
  const timeUp = delay(CLOSE_GRACE_MS, undefined, { signal: grace.signal }).catch(() => {});
  await Promise.race([closing, timeUp]);
  grace.abort();
}

interface WriteOptions {
  signal: AbortSignal;
  paced: boolean;
  /** The client shows text as it comes: text that went out is kept when a writer fails. */
  keepPartial?: boolean;
  onWriter?: (provider: TextProvider) => void;
  /** A refinement: the finished text to rewrite. */
  source?: RefinementSource;
  /** The caller's chosen voice, given to the writer as data. */
  voice?: WriterVoice;
  /** A use case's text: its instructions, pointing at the request's fields. */
  useCase?: PromptUseCase;
  /** The local writer's place in line, taken when the request was accepted. */
  place?: LinePlace;
}

/**
 * Tries each AI writer in turn; the first that finishes a non-empty text wins, and is the
 * generator's return value. A text reaching its character cap ends there, finished. Throws
 * GenerationCancelled when `signal` aborts; WriterStoppedEarly when a writer fails after
 * text went out and `keepPartial` is set; a 503 when every writer failed (with Retry-After
 * when they were only busy).
 */
export async function* writeText(
  request: GenerationRequest,
  providers: TextProvider[],
  options: WriteOptions,
): AsyncGenerator<WriterEvent, WrittenText> {
  const prompt = buildPrompt(request, options.source, options.voice, options.useCase);
  const characterCap = prompt.maxTokens * CHARACTERS_PER_TOKEN_CAP;
  let onlyBusy = true;
  for (const provider of providers) {
    if (options.signal.aborted) throw new GenerationCancelled();
    options.onWriter?.(provider);
    try {
      const text = yield* writeWith(provider, request, prompt, characterCap, options);
      if (text !== null) {
        return { content: text, modelUsed: provider.id, modelName: provider.modelName };
      }
      onlyBusy = false;
    } catch (error) {
      // A full line is the next writer's turn; a cancel or a kept part ends the text.
      if (!(error instanceof QueueFull)) throw error;
    }
  }
  if (onlyBusy && providers.length > 0) throw busyError();
  throw failure("SERVICE_UNAVAILABLE", "allProvidersFailed");
}

/**
 * One writer's attempt: its text, or null after it failed (the next writer is tried; a
 * `reset` clears what it had written). Throws QueueFull when its line was full.
 */
async function* writeWith(
  provider: TextProvider,
  request: GenerationRequest,
  prompt: ReturnType<typeof buildPrompt>,
  characterCap: number,
  options: WriteOptions,
): AsyncGenerator<WriterEvent, string | null> {
  const controller = new AbortController();
  const cancel = () => controller.abort(new GenerationCancelled());
  options.signal.addEventListener("abort", cancel, { once: true });
  const deadlines = writerDeadlines(controller, provider.id !== "llama");
  // A provider that does not heed its signal (an SDK stuck in a connect) must not hold the
  // generation past its deadline: each step races the abort.
  const aborted = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
      once: true,
    }),
  );
  aborted.catch(() => {});
  const stream = provider.stream(request, prompt, {
    signal: controller.signal,
    paced: options.paced,
    ...(provider.id === "llama" && options.place ? { place: options.place } : {}),
  });
  const pieces = stream[Symbol.asyncIterator]();
  let text = "";
  let length = 0;
  try {
    for (;;) {
      const step = await Promise.race([pieces.next(), aborted]);
      if (step.done) break;
      const piece = step.value;
      if (typeof piece !== "string") {
        if (piece.position > 0) {
          deadlines.inLine();
          yield { type: "queued", position: piece.position };
        } else deadlines.heard();
        continue;
      }
      deadlines.heard();
      const clean = cleanWrittenText(piece);
      if (!clean) continue;
      const cut = cutAtCap(clean, characterCap - length);
      text += cut.text;
      length += cut.length;
      if (cut.text) yield { type: "delta", text: cut.text };
      if (cut.capped) {
        getLogger().warn({ provider: provider.id, characters: length }, "text reached its cap");
        break;
      }
    }
    if (!text.trim()) throw new WriterEmptyAnswer("empty answer");
    return text;
  } catch (error) {
    if (options.signal.aborted) throw new GenerationCancelled();
    if (provider.id !== "llama") {
      writerErrors.inc({ writer: provider.id, reason: writerErrorReason(error) });
    }
    getLogger().warn(
      { provider: provider.id, reason: (error as Error).message?.slice(0, 200) },
      "provider failed",
    );
    if (text && options.keepPartial) throw new WriterStoppedEarly(provider.id);
    if (text) yield { type: "reset" };
    if (error instanceof QueueFull) throw error;
    return null;
  } finally {
    deadlines.clear();
    options.signal.removeEventListener("abort", cancel);
    controller.abort();
    await letGo(pieces);
  }
}
