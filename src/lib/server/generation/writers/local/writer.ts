import { availableParallelism } from "node:os";
import { access } from "node:fs/promises";
import { resolve } from "node:path";
import type {
  ChatWrapper,
  CustomBatchingPrioritizationStrategy,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
  PrioritizedBatchItem,
} from "node-llama-cpp";
import type { Config } from "#server/config.ts";
import { getLogger } from "#server/logger.ts";
import {
  SHARED_INSTRUCTIONS,
  TOKEN_BUDGET,
  longestInstructions,
  type Prompt,
} from "#server/generation/prompts.ts";
import { downloadModel } from "./download.ts";
import { FairQueue, type Ticket } from "./queue.ts";
import { modelLabel, modelSource, type ModelSource } from "./source.ts";

import type { LocalWriterStatus } from "#shared/console.ts";

export type { LocalWriterStatus };

/** How fast one of the last texts was written, for the console. */
export interface WritingSpeed {
  /** Pieces of text the model handed over: about one a token. */
  tokens: number;
  tokensPerSecond: number;
  finishedAt: string;
}

/** How many of the last texts' speeds are kept. */
const RECENT_TEXTS = 10;

export class QueueFull extends Error {
  override name = "QueueFull";
}

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
 * One of the context's sequences, kept for the life of the model. Between texts it holds
 * exactly the instructions that every text starts with, already read: the next text's
 * tokens continue them, so node-llama-cpp reads only the rest.
 */
interface Slot {
  sequence: LlamaContextSequence;
  busy: boolean;
  /**
   * Set while a finished text is being cut back to the shared instructions. node-llama-cpp
   * does that only between batches, so it may wait while other texts are being written.
   */
  cleaning: Promise<void> | null;
}
interface Loaded {
  llama: Llama;
  model: LlamaModel;
  context: LlamaContext;
  slots: Slot[];
  /** How many tokens of each sequence are the shared instructions. */
  sharedTokens: number;
  /**
   * Resolved once: finding the wrapper that matches the model's chat template takes half a
   * second of the event loop, which every new session would otherwise pay again.
   */
  chatWrapper: ChatWrapper;
}

/**
 * The open model inside the server (DESIGN §5, provider `llama`): found or downloaded in
 * the background at start, loaded once, shared by a fair queue. Nothing here blocks the
 * server: until the model is ready, `status` says why and the engine writes template
 * drafts; if it never becomes ready, one log line says why.
 */
export class LocalWriter {
  readonly source: ModelSource;
  readonly queue: FairQueue;
  readonly threads: number;
  #config: Config;
  #status: LocalWriterStatus;
  #loaded: Loaded | null = null;
  #preparing: Promise<void> | null = null;
  #stopping = new AbortController();
  #recent: WritingSpeed[] = [];

  constructor(config: Config) {
    this.#config = config;
    this.source = modelSource(config.LOCAL_MODEL, {
      nodeEnv: config.NODE_ENV,
      dataDir: config.dataDir,
    });
    this.queue = new FairQueue(config.LOCAL_MODEL_CONCURRENCY, config.LOCAL_MODEL_QUEUE);
    // Inference leaves one core to the event loop (and to the database).
    this.threads = config.LOCAL_MODEL_THREADS ?? Math.max(1, availableParallelism() - 1);
    this.#status =
      this.source.kind === "off"
        ? { state: "off" }
        : { state: "loading", model: modelLabel(this.source.name) };
  }

  get status(): LocalWriterStatus {
    return this.#status;
  }

  /** The last texts this process wrote, newest last: the speed from first piece to last. */
  get recentSpeeds(): readonly WritingSpeed[] {
    return this.#recent;
  }

  get ready(): boolean {
    return this.#loaded !== null;
  }

  /** The model's name for the badge ("Local AI · Qwen2.5 0.5B"). */
  get label(): string {
    return this.source.kind === "off" ? "" : modelLabel(this.source.name);
  }

  /** Starts finding, downloading and loading the model; resolves when that is over. */
  prepare(): Promise<void> {
    this.#preparing ??= this.#prepare().catch((error: unknown) => {
      const reason = (error as Error).message ?? String(error);
      if (this.source.kind === "off") return;
      if (error instanceof ContextTooSmall) {
        const { contextTokens, neededTokens } = error;
        this.#status = { state: "too-small", model: this.label, contextTokens, neededTokens };
        getLogger().warn(
          `The configured local model's context is too small: ${this.source.name} holds ${contextTokens} tokens, and the longest instructions with the longest text need ${neededTokens}. Texts are template drafts; set LOCAL_MODEL to a model with a larger context (README, "Choosing a model").`,
        );
        return;
      }
      this.#status = { state: "failed", model: this.label, reason };
      getLogger().warn(
        `The local writer is not available (${reason}); texts are template drafts until it is. ${this.#advice()}`,
      );
    });
    return this.#preparing;
  }

  #advice(): string {
    return this.source.kind === "download"
      ? "It is tried again at the next start (a partial download resumes); LOCAL_MODEL=off turns it off."
      : "Check LOCAL_MODEL, or set LOCAL_MODEL=off.";
  }

  async #prepare(): Promise<void> {
    const source = this.source;
    if (source.kind === "off") return;
    const log = getLogger();
    // A model baked into the image (the Dockerfile's LOCAL_MODEL build argument) is used
    // as it is; otherwise a download source is fetched once into DATA_DIR/models.
    const baked = source.kind === "download" ? resolve("models", source.name) : null;
    let path = source.path;
    if (baked && (await exists(baked))) {
      path = baked;
    } else if (source.kind === "download" && !(await exists(source.path))) {
      this.#status = { state: "downloading", model: this.label, percent: null };
      log.info(
        `Downloading the local writer's model ${source.name} from ${source.url} into ${source.path}`,
      );
      let lastTenth = -1;
      await downloadModel(source.url, source.path, {
        signal: this.#stopping.signal,
        onProgress: ({ received, total }) => {
          const percent = total ? Math.floor((received / total) * 100) : null;
          this.#status = { state: "downloading", model: this.label, percent };
          if (percent !== null && Math.floor(percent / 10) > lastTenth) {
            lastTenth = Math.floor(percent / 10);
            log.info({ percent, received, total }, `local writer download: ${percent} %`);
          }
        },
      });
      log.info(`Downloaded ${source.name}`);
    } else if (!(await exists(source.path))) {
      throw new Error(`no model file at ${source.path}`);
    }
    this.#status = { state: "loading", model: this.label };
    this.#loaded = await this.#load(path);
    this.#status = { state: "ready", model: this.label };
    log.info(`The local writer is ready: ${source.name} (${this.threads} threads)`);
  }

  async #load(path: string): Promise<Loaded> {
    const { getLlama, LlamaLogLevel, resolveChatWrapper } = await import("node-llama-cpp");
    const gpu = this.#config.LOCAL_MODEL_GPU;
    const llama = await getLlama({
      // Prebuilt binaries from npm only: never compile, never download a build.
      build: "never",
      gpu: gpu === "off" ? false : gpu,
      maxThreads: this.threads,
      logLevel: LlamaLogLevel.error,
      logger: (level, message) => {
        if (level === LlamaLogLevel.error || level === LlamaLogLevel.fatal) {
          getLogger().warn({ llama: message.trim() }, "llama.cpp");
        }
      },
      progressLogs: false,
    });
    try {
      const model = await llama.loadModel({ modelPath: path });
      try {
        const contextSize = Math.min(CONTEXT_TOKENS, model.trainContextSize);
        // A model that cannot hold our longest instructions beside the longest text would
        // fail every such request: it is refused now, and texts stay template drafts.
        const instructions = Math.max(
          ...longestInstructions().map((system) => model.tokenize(system).length),
        );
        const needed = instructions + TEMPLATE_TOKENS + TOKEN_BUDGET.long;
        if (contextSize < needed) throw new ContextTooSmall(contextSize, needed);
        const sequences = this.#config.LOCAL_MODEL_CONCURRENCY;
        const context = await model.createContext({
          sequences,
          contextSize,
          threads: this.threads,
          // Decision 069: a newcomer's prompt is read a batch at a time, beside one token of
          // every running text, so no running text waits long for it.
          batchSize: BATCH_TOKENS,
          batching: { itemPrioritizationStrategy: runningTextsFirst },
        });
        const chatWrapper = resolveChatWrapper(model);
        // The tokens every text starts with, as the chat template renders them: where two
        // prompts that differ after the shared instructions part.
        const render = (system: string) =>
          chatWrapper
            .generateContextState({
              chatHistory: [
                { type: "system", text: system },
                { type: "user", text: "{}" },
                { type: "model", response: [] },
              ],
            })
            .contextText.tokenize(model.tokenizer);
        const [a, b] = [render(`${SHARED_INSTRUCTIONS}\nA`), render(`${SHARED_INSTRUCTIONS}\nB`)];
        let shared = 0;
        while (shared < a.length && a[shared] === b[shared]) shared++;
        const prefix = a.slice(0, shared);
        const slots: Slot[] = Array.from({ length: sequences }, () => ({
          sequence: context.getSequence(),
          busy: false,
          cleaning: null,
        }));
        // Every sequence reads the instructions that all texts share once, now.
        await Promise.all(
          slots.map(({ sequence }) => sequence.evaluateWithoutGeneratingNewTokens(prefix)),
        );
        return { llama, model, context, slots, sharedTokens: prefix.length, chatWrapper };
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

  /**
   * Takes a free sequence holding just the shared instructions. The queue lets no more texts
   * run than there are sequences, so one is free, or its last text is still being cut back.
   * It is marked busy before anything is awaited: two texts that start in the same turn of
   * the event loop must never share a sequence.
   */
  async #takeSlot(slots: Slot[]): Promise<Slot> {
    for (;;) {
      const free = slots.find((slot) => !slot.busy);
      if (free) {
        free.busy = true;
        return free;
      }
      const cleaning = slots.flatMap((slot) => (slot.cleaning ? [slot.cleaning] : []));
      if (cleaning.length === 0) throw new Error("no free sequence");
      await Promise.race(cleaning);
    }
  }

  /** A place in line, or QueueFull. */
  join(): Ticket {
    const ticket = this.queue.join();
    if (!ticket) throw new QueueFull("the local writer's queue is full");
    return ticket;
  }

  /**
   * Writes with the model's own chat template: our instructions as the system prompt, the
   * visitor's request as the user message. Resolves when done; `onText` gets each piece.
   * An aborted `signal` stops the native generation at its next token.
   */
  async write(
    prompt: Prompt,
    options: { maxTokens: number; signal: AbortSignal; onText: (text: string) => void },
  ): Promise<void> {
    const loaded = this.#loaded;
    if (!loaded) throw new Error("the local writer is not ready");
    const { LlamaChatSession } = await import("node-llama-cpp");
    // The request and the text share the context: a long request leaves less room to write.
    const promptTokens =
      loaded.model.tokenize(prompt.system).length +
      loaded.model.tokenize(prompt.user).length +
      TEMPLATE_TOKENS;
    const room = loaded.context.contextSize - promptTokens;
    if (room < MIN_TEXT_TOKENS) throw new Error("the request is too long for the local model");
    const slot = await this.#takeSlot(loaded.slots);
    const { sequence } = slot;
    const meter = sequence.tokenMeter;
    const [inputBefore, outputBefore] = [meter.usedInputTokens, meter.usedOutputTokens];
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: prompt.system,
      chatWrapper: loaded.chatWrapper,
      autoDisposeSequence: false,
    });
    let pieces = 0;
    let firstAt = 0;
    let lastAt = 0;
    let abortedAt: number | null = null;
    const noteAbort = () => (abortedAt = performance.now());
    options.signal.addEventListener("abort", noteAbort, { once: true });
    try {
      await session.prompt(prompt.user, {
        maxTokens: Math.min(options.maxTokens, room),
        temperature: prompt.temperature,
        ...(prompt.seed === undefined ? {} : { seed: prompt.seed }),
        signal: options.signal,
        stopOnAbortSignal: true,
        onTextChunk: (text) => {
          if (!text) return;
          lastAt = performance.now();
          if (pieces === 0) firstAt = lastAt;
          pieces++;
          options.onText(text);
        },
      });
    } finally {
      options.signal.removeEventListener("abort", noteAbort);
      session.dispose();
      if (pieces > 1 && lastAt > firstAt) this.#noteSpeed(pieces, (lastAt - firstAt) / 1000);
      // Back to the shared instructions, for the next text (in the background: the text is
      // done for its reader now).
      slot.cleaning = sequence
        .eraseContextTokenRanges([{ start: loaded.sharedTokens, end: sequence.nextTokenIndex }])
        .catch((error: unknown) =>
          getLogger().warn({ err: error }, "a local writer sequence could not be reset"),
        )
        .finally(() => {
          slot.cleaning = null;
          slot.busy = false;
        });
      getLogger().info(
        {
          pieces,
          tokens: meter.usedOutputTokens - outputBefore,
          promptTokens,
          // What this text had to read: the shared instructions were already in the sequence.
          readTokens: meter.usedInputTokens - inputBefore,
          sharedTokens: loaded.sharedTokens,
          // Which of the context's sequences wrote it: texts written at once never share one.
          sequence: loaded.slots.indexOf(slot),
          ...(abortedAt === null
            ? {}
            : { stoppedWithinMs: Math.round(performance.now() - abortedAt) }),
        },
        abortedAt === null ? "local text written" : "local text stopped",
      );
    }
  }

  #noteSpeed(tokens: number, seconds: number): void {
    const tokensPerSecond = Math.round(((tokens - 1) / seconds) * 10) / 10;
    this.#recent = [
      ...this.#recent.slice(1 - RECENT_TEXTS),
      { tokens, tokensPerSecond, finishedAt: new Date().toISOString() },
    ];
  }

  async close(): Promise<void> {
    this.#stopping.abort();
    const loaded = this.#loaded;
    this.#loaded = null;
    await loaded?.llama.dispose();
  }
}

/**
 * How node-llama-cpp fills a batch (decision 069): the next token of every running text
 * first, then the prompts being read share what room is left evenly. Its own
 * "maximumParallelism" gives the prompts more than the batch holds, and the batch is then
 * cut in queue order, so a running text, queued last, waited until every newcomer's
 * prompt was read.
 */
export const runningTextsFirst: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const running = items.filter((item) => item.tokens.length === 1);
  const reading = items
    .filter((item) => item.tokens.length > 1)
    .sort((a, b) => a.tokens.length - b.tokens.length);
  const batch: PrioritizedBatchItem[] = running.map((item) => ({ item, processAmount: 1 }));
  let room = size - running.length;
  reading.forEach((item, i) => {
    const share = Math.min(item.tokens.length, Math.floor(room / (reading.length - i)));
    if (share <= 0) return;
    batch.push({ item, processAmount: share });
    room -= share;
  });
  return batch;
};

/** Room for a long text beside a long request; the text gets what the request leaves. */
const CONTEXT_TOKENS = 4096;
/**
 * Tokens decoded at once (decision 069): a newcomer's prompt is read this many at a time,
 * between which the running texts get their next token.
 */
const BATCH_TOKENS = 64;
/** What the chat template adds around the two messages, with a margin. */
const TEMPLATE_TOKENS = 32;
/** Below this, there is no room for a text worth the name. */
const MIN_TEXT_TOKENS = 128;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** The one local writer of this process. */
let writer: LocalWriter | undefined;

export function localWriter(config: Config): LocalWriter {
  if (!writer) {
    writer = new LocalWriter(config);
    void writer.prepare();
  }
  return writer;
}

/** Frees the model (server shutdown, tests). */
export async function closeLocalWriter(): Promise<void> {
  const closing = writer;
  writer = undefined;
  await closing?.close();
}
