import { access } from "node:fs/promises";
import { resolve } from "node:path";
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
  Token,
} from "node-llama-cpp";
import type { LocalWriterStatus } from "#shared/console.ts";
import type { Config } from "#server/config.ts";
import { getLogger } from "#server/logger.ts";
import {
  SHARED_INSTRUCTIONS,
  TOKEN_BUDGET,
  longestInstructions,
  type Prompt,
} from "#server/generation/prompts.ts";
import { downloadModel } from "./download.ts";
import { everyTextEachStep, type Step, type TextsAtWork } from "./queue.ts";
import type { Handover } from "./handover.ts";
import type { ModelSource } from "./source.ts";

/**
 * Getting the local writer's model ready, once at start: its file found or downloaded,
 * the model loaded, and every sequence of its context holding the instructions that all
 * texts share. The writing is writer.ts's.
 */

/** Room for a long text beside a long request; the text gets what the request leaves. */
const CONTEXT_TOKENS = 4096;
/**
 * Tokens decoded at once (decision 069, issue 31). Newcomers' prompts are read in slices of
 * this many tokens beside one token of each running text, so that a running text pauses
 * for one slice, not for every newcomer's whole prompt. On the CPU a token costs the same
 * in a slice of 64 as in one of 512 (docs/benchmarks.md); llama.cpp also sizes the
 * context's output and compute buffers by it.
 */
const BATCH_TOKENS = 64;
/** What the chat template adds around the two messages, with a margin. */
const TEMPLATE_TOKENS = 32;

class ContextTooSmall extends Error {
  override name = "ContextTooSmall";
  readonly contextTokens: number;
  readonly neededTokens: number;
  constructor(contextTokens: number, neededTokens: number) {
    super(
      `its context holds ${contextTokens} tokens; our instructions and text need ${neededTokens}`,
    );
    this.contextTokens = contextTokens;
    this.neededTokens = neededTokens;
  }
}

/**
 * One of the context's sequences, kept for the life of the model. At load it reads the
 * instructions that every text starts with; after a text it keeps that text's prompt and
 * words, and the next text on it reads only what differs (decision 069).
 */
export interface Slot {
  sequence: LlamaContextSequence;
  busy: boolean;
  /** How many of its tokens are its last text's prompt: its words follow (decision 069). */
  promptLength: number;
  /** When its last text started (performance.now()), for the least recently used. */
  usedAt: number;
}

export interface LoadedModel {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  slots: Slot[];
  /** Cuts a sequence back for the next text while others write (decision 069). */
  handover: Handover;
  /**
   * Resolved once: finding the wrapper that matches the model's chat template takes half a
   * second of the event loop, which every new session would otherwise pay again.
   */
  chatWrapper: ChatWrapper;
}

/** What the batches need to know of the writer's texts, and what each step carried. */
export interface Batching {
  atWork: () => TextsAtWork;
  onStep?: (step: Step) => void;
}

type ModelFileSource = Exclude<ModelSource, { kind: "off" }>;

/** How a model's download is going, for the status the page and the console show. */
export interface ModelDownload {
  received: number;
  total: number | null;
  bytesPerSecond: number | null;
  /** The last attempt failed: why, and when the next starts (ISO). */
  retry: { reason: string; at: string } | null;
}

/**
 * The file to load. A model baked into the image (the Dockerfile's LOCAL_MODEL build
 * argument) is used as it is; otherwise a download source is fetched once into
 * DATA_DIR/models, `onPercent` hearing how far it got (null before the size is known).
 */
export async function modelFile(
  source: ModelFileSource,
  options: {
    signal: AbortSignal;
    onProgress: (progress: ModelDownload) => void;
    /** Attempts in all: a server waits out a network that is down (decision 070). */
    attempts?: number;
  },
): Promise<string> {
  const log = getLogger();
  const baked = source.kind === "download" ? resolve("models", source.name) : null;
  if (baked && (await exists(baked))) return baked;
  if (source.kind === "download" && !(await exists(source.path))) {
    let progress: ModelDownload = { received: 0, total: null, bytesPerSecond: null, retry: null };
    options.onProgress(progress);
    log.info(
      `Downloading the local writer's model ${source.name} from ${source.url} into ${source.path}`,
    );
    let lastTenth = -1;
    // Failing since: one line when attempts start failing and one when bytes flow again
    // (or the last gives up, unreadyStatus's), not one per retry of a day-long outage.
    let failingSince: string | null = null;
    // This attempt's pace: from its first bytes, so that a resumed file's part counts not.
    let from: { at: number; received: number } | null = null;
    await downloadModel(source.url, source.path, {
      signal: options.signal,
      attempts: options.attempts,
      onProgress: ({ received, total }) => {
        const now = performance.now();
        from ??= { at: now, received };
        const seconds = (now - from.at) / 1000;
        const bytesPerSecond =
          seconds >= 1 ? Math.round((received - from.received) / seconds) : null;
        if (failingSince && received > from.received) {
          log.info(`The local writer's download works again (failing since ${failingSince})`);
          failingSince = null;
        }
        progress = { received, total, bytesPerSecond, retry: null };
        options.onProgress(progress);
        const percent = total ? Math.floor((received / total) * 100) : null;
        if (percent !== null && Math.floor(percent / 10) > lastTenth) {
          lastTenth = Math.floor(percent / 10);
          log.info({ percent, received, total }, `local writer download: ${percent} %`);
        }
      },
      onRetry: ({ reason, delayMs }) => {
        from = null;
        const at = new Date(Date.now() + delayMs).toISOString();
        progress = { ...progress, bytesPerSecond: null, retry: { reason, at } };
        options.onProgress(progress);
        if (failingSince) return;
        failingSince = new Date().toISOString();
        log.warn(
          `The local writer's download is failing (${reason}); texts are template drafts while it is retried with a growing wait, up to 5 minutes. /api/email/engines shows the next attempt.`,
        );
      },
    });
    log.info(`Downloaded ${source.name}`);
  } else if (!(await exists(source.path))) {
    throw new Error(`no model file at ${source.path}`);
  }
  return source.path;
}

/** The model at `path`, its context of LOCAL_MODEL_CONCURRENCY sequences on `threads` threads. */
export async function loadModel(
  path: string,
  config: Config,
  threads: number,
  batching: Batching,
): Promise<LoadedModel> {
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  const gpu = config.LOCAL_MODEL_GPU;
  const llama = await getLlama({
    // Prebuilt binaries from npm only: never compile, never download a build.
    build: "never",
    gpu: gpu === "off" ? false : gpu,
    maxThreads: threads,
    logLevel: LlamaLogLevel.error,
    logger: (level, message) => {
      if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
        getLogger().warn({ llama: message.trim() }, "llama.cpp");
      }
    },
    progressLogs: false,
  });
  try {
    // Mapped, as llama.cpp does by default (decision 069): the file's pages are the page
    // cache's, shared and given back under pressure; only the weights llama.cpp repacks for
    // the CPU's kernels are memory of the process's own.
    const model = await llama.loadModel({ modelPath: path });
    try {
      return await openContext(llama, model, config.LOCAL_MODEL_CONCURRENCY, threads, batching);
    } catch (error) {
      await model.dispose();
      throw error;
    }
  } catch (error) {
    await llama.dispose();
    if (error instanceof ContextTooSmall) throw error;
    throw new Error(`${path} could not be loaded: ${(error as Error).message}`);
  }
}

/** The model's context, each of its sequences having read the shared instructions. */
async function openContext(
  llama: Llama,
  model: LlamaModel,
  sequences: number,
  threads: number,
  batching: Batching,
): Promise<LoadedModel> {
  const { resolveChatWrapper } = await import("node-llama-cpp");
  // Loaded with node-llama-cpp, which a server without the local writer never loads.
  const { Handover, WaitsForHandover } = await import("./handover.ts");
  const contextSize = Math.min(CONTEXT_TOKENS, model.trainContextSize);
  // A model that cannot hold our longest instructions beside the longest text would fail
  // every such request: it is refused now, and texts stay template drafts.
  const instructions = Math.max(
    ...longestInstructions().map((system) => model.tokenize(system).length),
  );
  const needed = instructions + TEMPLATE_TOKENS + TOKEN_BUDGET.long;
  if (contextSize < needed) throw new ContextTooSmall(contextSize, needed);
  const context = await model.createContext({
    sequences,
    contextSize,
    threads,
    // Decision 069: newcomers' prompts are read together, beside one token of
    // every running text.
    batchSize: BATCH_TOKENS,
    // Decision 069: every step carries one token of every text being written.
    batching: {
      itemPrioritizationStrategy: everyTextEachStep(batching.atWork, batching.onStep),
    },
  });
  const chatWrapper = resolveChatWrapper(model);
  const prefix = sharedPrefix(model, chatWrapper);
  const handover = new Handover();
  const slots: Slot[] = Array.from({ length: sequences }, () => ({
    sequence: context.getSequence({
      tokenPredictor: new WaitsForHandover(handover, () => {
        const { started, writing } = batching.atWork();
        return started > writing.size;
      }),
    }),
    busy: false,
    promptLength: prefix.length,
    usedAt: 0,
  }));
  // Every sequence reads the instructions that all texts share once, now.
  await Promise.all(
    slots.map(({ sequence }) => sequence.evaluateWithoutGeneratingNewTokens(prefix)),
  );
  return { llama, model, context, slots, handover, chatWrapper };
}

/**
 * A text's prompt as node-llama-cpp's chat session renders it for the model: our
 * instructions as the system message, the request as the user's (after any earlier turns:
 * the request a changed text answered, and that text), the answer about to begin.
 */
export function promptTokens(
  model: LlamaModel,
  chatWrapper: ChatWrapper,
  prompt: Pick<Prompt, "system" | "earlier" | "user">,
): Token[] {
  return chatWrapper
    .generateContextState({
      chatHistory: [...chatHistory(prompt), { type: "user", text: prompt.user }, EMPTY_ANSWER],
    })
    .contextText.tokenize(model.tokenizer);
}

const EMPTY_ANSWER: ChatHistoryItem = { type: "model", response: [] };

/** The turns before a prompt's user message, as a chat session holds them. */
export function chatHistory(prompt: Pick<Prompt, "system" | "earlier">): ChatHistoryItem[] {
  const { system, earlier } = prompt;
  return [
    { type: "system", text: system },
    ...(earlier
      ? ([
          { type: "user", text: earlier.user },
          { type: "model", response: [earlier.answer] },
        ] satisfies ChatHistoryItem[])
      : []),
  ];
}

/**
 * A changed text as `sequence` spells it, when the sequence holds the request it answered
 * and then the words it wrote for it (decision 069). The kept text is what the writer's
 * pieces said; the sequence keeps the tokens it sampled, which the text, tokenized again
 * after the request, need not give back (a SentencePiece model drops the space of its first
 * word, for one). Spelled from those tokens, the prompt starts with what the sequence holds;
 * from where the two part, it is the kept text's.
 */
export function answerAsHeld(
  model: LlamaModel,
  chatWrapper: ChatWrapper,
  sequence: LlamaContextSequence,
  prompt: Pick<Prompt, "system" | "earlier">,
): Prompt["earlier"] {
  const { earlier } = prompt;
  if (!earlier) return undefined;
  const request = promptTokens(model, chatWrapper, { system: prompt.system, user: earlier.user });
  const held = sequence.contextTokens;
  if (
    held.length <= request.length ||
    sequence.compareContextTokens(request).firstDifferentIndex < request.length
  ) {
    return earlier;
  }
  const spelled = model.detokenize(held.slice(request.length), false, request);
  const { answer } = earlier;
  // Space the tokens spell before the first word, which the kept text does not start with.
  const lead = spelled[0] === answer[0] ? 0 : spelled.length - spelled.trimStart().length;
  let same = 0;
  while (same < answer.length && spelled[lead + same] === answer[same]) same++;
  return { ...earlier, answer: spelled.slice(0, lead + same) + answer.slice(same) };
}

/**
 * The tokens every text starts with, as the chat template renders them: where two prompts
 * that differ after the shared instructions part.
 */
function sharedPrefix(model: LlamaModel, chatWrapper: ChatWrapper): Token[] {
  const render = (system: string) => promptTokens(model, chatWrapper, { system, user: "{}" });
  const [a, b] = [render(`${SHARED_INSTRUCTIONS}\nA`), render(`${SHARED_INSTRUCTIONS}\nB`)];
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return a.slice(0, shared);
}

/** A model that could not be made ready: its status, and one log line that says why. */
export function unreadyStatus(
  source: ModelFileSource,
  label: string,
  error: unknown,
): LocalWriterStatus {
  const reason = (error as Error).message ?? String(error);
  if (error instanceof ContextTooSmall) {
    const { contextTokens, neededTokens } = error;
    getLogger().warn(
      `The configured local model's context is too small: ${source.name} holds ${contextTokens} tokens, and the longest instructions with the longest text need ${neededTokens}. Texts are template drafts; set LOCAL_MODEL to a model with a larger context (docs/configuration.md, "Choosing a model").`,
    );
    return { state: "too-small", model: label, contextTokens, neededTokens };
  }
  const advice =
    source.kind === "download"
      ? "Run `npm run model:pull` (a partial download resumes), then start again; LOCAL_MODEL=off turns it off."
      : "Check LOCAL_MODEL, or set LOCAL_MODEL=off.";
  getLogger().warn(
    `The local writer is not available (${reason}); texts are template drafts until it is. ${advice}`,
  );
  return { state: "failed", model: label, reason };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
