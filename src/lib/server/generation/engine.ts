import { setTimeout as delay } from "node:timers/promises";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { countCharacters } from "#shared/credits.ts";
import { getConfig, type Config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import { cleanWrittenText } from "./clean-text.ts";
import {
  QueueFull,
  localWriter,
  type LocalWriter,
  type LocalWriterStatus,
  type WritingSpeed,
} from "./local-model/writer.ts";
import { llamaProvider } from "./providers/llama.ts";
import { mistralProvider } from "./providers/mistral.ts";
import { openAiCompatibleProvider } from "./providers/openai-compatible.ts";
import type { TextProvider } from "./providers/types.ts";
import { buildPrompt, type RefinementSource } from "./prompts.ts";
import { FAILURES } from "#shared/failures.ts";

export const ALL_PROVIDERS_FAILED = FAILURES.allProvidersFailed;
export const WRITERS_BUSY = FAILURES.writersBusy;
/** How long a writer that was told to stop may take to let go. */
const CLOSE_GRACE_MS = 1_000;
/** How long a turned-away request is asked to wait. */
const BUSY_RETRY_AFTER_SECONDS = 10;

export class GenerationCancelled extends Error {
  override name = "GenerationCancelled";
}

/** Why a text is a template draft rather than an AI writer's (shown in the result panel). */
export type TemplateReason =
  "no-ai-writer" | "downloading" | "loading" | "failed" | "context-too-small";

/** Who writes the next text: AI writers in order, or the template drafts and why. */
export type WriterPlan =
  { kind: "ai"; providers: TextProvider[] } | { kind: "template"; reason: TemplateReason };

interface Writers {
  providers: TextProvider[];
  local: LocalWriter | null;
}

/** The AI writers in DESIGN §5's order: Mistral, an OpenAI-compatible server, the local model. */
function configuredWriters(config: Config): Writers {
  const providers: TextProvider[] = [];
  if (config.MISTRAL_API_KEY) {
    providers.push(
      mistralProvider({
        apiKey: config.MISTRAL_API_KEY,
        model: config.MISTRAL_MODEL,
        serverURL: config.MISTRAL_SERVER_URL,
      }),
    );
  }
  if (config.OPENAI_COMPAT_BASE_URL) {
    providers.push(
      openAiCompatibleProvider({
        baseUrl: config.OPENAI_COMPAT_BASE_URL,
        model: config.OPENAI_COMPAT_MODEL,
        apiKey: config.OPENAI_COMPAT_API_KEY,
      }),
    );
  }
  const wanted = config.GENERATION_PROVIDERS?.split(",").map((id) => id.trim());
  const allowed = (id: string) => !wanted || wanted.includes(id);
  const local = allowed("llama") ? localWriter(config) : null;
  if (local && local.source.kind !== "off") providers.push(llamaProvider(local));
  const ordered = wanted
    ? wanted.flatMap((id) => providers.filter((provider) => provider.id === id))
    : providers;
  return { providers: ordered, local: local?.source.kind === "off" ? null : local };
}

let writers: Writers | undefined;

function currentWriters(): Writers {
  writers ??= configuredWriters(getConfig());
  return writers;
}

/** Starts the local writer (its download or load) without waiting for it. */
export function warmUpWriters(): void {
  currentWriters();
}

/**
 * Who writes now. The local model counts once it is loaded; until then, and when no AI
 * writer is configured at all, texts are template drafts (free, and labelled as such).
 */
export function planWriting(): WriterPlan {
  const { providers, local } = currentWriters();
  const ready = providers.filter((provider) => provider.id !== "llama" || local?.ready);
  if (ready.length > 0) return { kind: "ai", providers: ready };
  if (!local) return { kind: "template", reason: "no-ai-writer" };
  const reasons: Partial<Record<LocalWriterStatus["state"], TemplateReason>> = {
    downloading: "downloading",
    failed: "failed",
    "too-small": "context-too-small",
  };
  return { kind: "template", reason: reasons[local.status.state] ?? "loading" };
}

/** What the generator shows about its writers (GET /api/email/engines). */
export interface WritersStatus {
  writer: "ai" | "template";
  templateReason?: TemplateReason;
  /** The AI writers that can answer now, in order. */
  ready: string[];
  local: LocalWriterStatus;
}

export function writersStatus(): WritersStatus {
  const plan = planWriting();
  const local = currentWriters().local?.status ?? { state: "off" as const };
  return plan.kind === "ai"
    ? { writer: "ai", ready: plan.providers.map((provider) => provider.id), local }
    : { writer: "template", templateReason: plan.reason, ready: [], local };
}

/** The local writer as the console shows it: its state, its line, its last texts' speed. */
export interface LocalWriterFigures {
  status: LocalWriterStatus;
  queue: { running: number; waiting: number; concurrency: number; capacity: number } | null;
  recent: readonly WritingSpeed[];
}

export function localWriterFigures(): LocalWriterFigures {
  const local = currentWriters().local;
  if (!local) return { status: { state: "off" }, queue: null, recent: [] };
  const { running, waiting, concurrency, capacity } = local.queue;
  return {
    status: local.status,
    queue: { running, waiting, concurrency, capacity },
    recent: local.recentSpeeds,
  };
}

function busyError(): AppError {
  return new AppError("SERVICE_UNAVAILABLE", 503, WRITERS_BUSY, {
    headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Turns a request away before anything is reserved when the only writer left is the local
 * model and its line is full: the caller gets 503 with Retry-After, and nothing to refund.
 */
export function assertWritersCanTakeMore(plan: WriterPlan): void {
  if (plan.kind !== "ai") return;
  const { local } = currentWriters();
  const onlyLocal = plan.providers.every((provider) => provider.id === "llama");
  if (onlyLocal && local?.queue.full) throw busyError();
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
  readonly providerId: string;
  constructor(providerId: string) {
    super(`${providerId} stopped before the end of the text`);
    this.providerId = providerId;
  }
}

/**
 * The most characters one text may hold: a generous eight a token of its length's budget,
 * so a writer that loops on markup (81 KB of nested quotes) is cut where no honest text goes.
 */
export const CHARACTERS_PER_TOKEN_CAP = 8;

/**
 * Tries each AI writer in turn; the first that finishes a non-empty text wins, and is the
 * generator's return value. A writer may stay silent for PROVIDER_TIMEOUT_MS (to its first
 * token and between tokens) except while it waits in line; a hosted writer's whole text
 * may take PROVIDER_TEXT_TIMEOUT_MS. A text reaching its character cap ends there, finished.
 * Throws GenerationCancelled when `signal` aborts; WriterStoppedEarly when a writer fails
 * after text went out and `keepPartial` is set; a 503 when every writer failed (with
 * Retry-After when they were only busy).
 */
export async function* writeText(
  request: GenerationRequest,
  providers: TextProvider[],
  options: {
    signal: AbortSignal;
    paced: boolean;
    /** The client shows text as it comes: text that went out is kept when a writer fails. */
    keepPartial?: boolean;
    onWriter?: (provider: TextProvider) => void;
    /** A refinement: the finished text to rewrite. */
    source?: RefinementSource;
  },
): AsyncGenerator<WriterEvent, WrittenText> {
  const config = getConfig();
  const log = getLogger();
  const prompt = buildPrompt(request, options.source);
  const characterCap = prompt.maxTokens * CHARACTERS_PER_TOKEN_CAP;
  let onlyBusy = true;

  for (const provider of providers) {
    if (options.signal.aborted) throw new GenerationCancelled();
    options.onWriter?.(provider);
    const controller = new AbortController();
    const cancel = () => controller.abort(new GenerationCancelled());
    options.signal.addEventListener("abort", cancel, { once: true });
    let silence: NodeJS.Timeout | undefined;
    let ceiling: NodeJS.Timeout | undefined;
    const hosted = provider.id !== "llama";
    const startClock = () => {
      clearTimeout(silence);
      silence = setTimeout(
        () => controller.abort(new Error("provider timed out")),
        config.PROVIDER_TIMEOUT_MS,
      );
    };
    // A hosted writer's whole text has a ceiling too, counted from when it starts writing;
    // the local writer's length is held by its token budget, and its queue is not its time.
    const startCeiling = () => {
      if (!hosted || ceiling) return;
      ceiling = setTimeout(
        () => controller.abort(new Error("provider took too long for the whole text")),
        config.PROVIDER_TEXT_TIMEOUT_MS,
      );
    };
    startClock();
    startCeiling();
    // A provider that does not heed its signal (an SDK stuck in a connect) must not hold
    // the generation past its timeout: each step races the abort.
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), {
        once: true,
      }),
    );
    aborted.catch(() => {});
    const pieces = provider
      .stream(request, prompt, { signal: controller.signal, paced: options.paced })
      [Symbol.asyncIterator]();
    let text = "";
    let length = 0;
    try {
      for (;;) {
        const step = await Promise.race([pieces.next(), aborted]);
        if (step.done) break;
        const piece = step.value;
        if (typeof piece !== "string") {
          if (piece.position > 0) {
            clearTimeout(silence);
            yield { type: "queued", position: piece.position };
          } else startClock();
          continue;
        }
        startClock();
        let clean = cleanWrittenText(piece);
        if (!clean) continue;
        const room = characterCap - length;
        const pieceLength = countCharacters(clean);
        const capped = pieceLength >= room;
        if (capped) clean = [...clean].slice(0, room).join("");
        text += clean;
        length += Math.min(pieceLength, room);
        if (clean) yield { type: "delta", text: clean };
        if (capped) {
          log.warn({ provider: provider.id, characters: length }, "text reached its cap");
          break;
        }
      }
      if (!text.trim()) throw new Error("empty answer");
      return { content: text, modelUsed: provider.id, modelName: provider.modelName };
    } catch (error) {
      if (options.signal.aborted) throw new GenerationCancelled();
      if (!(error instanceof QueueFull)) onlyBusy = false;
      log.warn(
        { provider: provider.id, reason: (error as Error).message?.slice(0, 200) },
        "provider failed",
      );
      if (text && options.keepPartial) throw new WriterStoppedEarly(provider.id);
      if (text) yield { type: "reset" };
    } finally {
      clearTimeout(silence);
      clearTimeout(ceiling);
      options.signal.removeEventListener("abort", cancel);
      controller.abort();
      // The local model's generation is over only when its native work stopped (at its next
      // token); a remote SDK that does not let go is not waited for past a grace period.
      const closing = pieces.return?.(undefined as never)?.catch(() => undefined);
      if (closing) {
        const grace = new AbortController();
        const timeUp = delay(CLOSE_GRACE_MS, undefined, { signal: grace.signal }).catch(() => {});
        await Promise.race([closing, timeUp]);
        grace.abort();
      }
    }
  }
  if (onlyBusy && providers.length > 0) throw busyError();
  throw new AppError("SERVICE_UNAVAILABLE", 503, ALL_PROVIDERS_FAILED);
}
