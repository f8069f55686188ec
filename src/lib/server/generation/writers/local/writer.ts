import { availableParallelism } from "node:os";
import type { Config } from "#server/config.ts";
import { getLogger } from "#server/logger.ts";
import {
  localWriterStepTexts,
  localWriterStepTokens,
  localWriterSteps,
  localWriterQueueSeconds,
  localWriterTokens,
} from "#server/metrics.ts";
import type { Prompt } from "#server/generation/prompts.ts";
import type { LocalWriterStatus } from "#shared/console.ts";
import type { TextProvider } from "../types.ts";
import {
  answerAsHeld,
  chatHistory,
  loadModel,
  modelFile,
  promptTokens,
  unreadyStatus,
  type LoadedModel,
  type Slot,
} from "./model.ts";
import type { EvaluationPriority } from "node-llama-cpp";
import { FairQueue, inSequenceOrder, type Ticket } from "./queue.ts";
import { keepCommonStart, takeSlot } from "./slots.ts";
import { modelLabel, modelSource, type ModelSource } from "./source.ts";

export type { LocalWriterStatus };

/** `askedAt`: when the text took its place in line (performance.now()), for /metrics. */
type WriteOptions = {
  maxTokens: number;
  signal: AbortSignal;
  onText: (text: string) => void;
  askedAt?: number;
};

/** How fast one of the last texts was written, for the console. */
export interface WritingSpeed {
  /** Pieces of text the model handed over: about one a token. */
  tokens: number;
  tokensPerSecond: number;
  finishedAt: string;
}

/** How many of the last texts' speeds are kept. */
const RECENT_TEXTS = 10;

/**
 * A server's download keeps trying while the network is down: with the wait doubling to
 * 5 minutes at most, 300 attempts is about a day. A refused file (checksum, 404) stops at once.
 */
const SERVER_DOWNLOAD_ATTEMPTS = 300;

export class QueueFull extends Error {
  override name = "QueueFull";
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
  /** The model's name for the badge ("Local AI · Qwen2.5 0.5B"). */
  readonly label: string;
  #config: Config;
  #status: LocalWriterStatus;
  #loaded: LoadedModel | null = null;
  #preparing: Promise<void> | null = null;
  #stopping = new AbortController();
  #recent: WritingSpeed[] = [];
  /** Texts in their model call, and those of them past their prompt (decision 069). */
  #atWork = { started: 0, writing: new Set<EvaluationPriority>() };
  /** Texts inside `write`, and a text waiting for the others let in with it (decision 069). */
  #entered = 0;
  #onEntry: (() => void)[] = [];

  constructor(config: Config) {
    this.#config = config;
    this.source = modelSource(config.LOCAL_MODEL, {
      nodeEnv: config.NODE_ENV,
      dataDir: config.dataDir,
    });
    this.queue = new FairQueue(config.LOCAL_MODEL_CONCURRENCY, config.LOCAL_MODEL_QUEUE);
    // Inference leaves one core to the event loop (and to the database).
    this.threads = config.LOCAL_MODEL_THREADS ?? Math.max(1, availableParallelism() - 1);
    this.label = this.source.kind === "off" ? "" : modelLabel(this.source.name);
    this.#status =
      this.source.kind === "off" ? { state: "off" } : { state: "loading", model: this.label };
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

  /** Starts finding, downloading and loading the model; resolves when that is over. */
  prepare(): Promise<void> {
    this.#preparing ??= this.#prepare().catch((error: unknown) => {
      // A stop (SIGINT, SIGTERM) cuts the download on purpose: no advice for that.
      if (this.#stopping.signal.aborted) return;
      if (this.source.kind !== "off") this.#status = unreadyStatus(this.source, this.label, error);
    });
    return this.#preparing;
  }

  async #prepare(): Promise<void> {
    const source = this.source;
    if (source.kind === "off") return;
    const path = await modelFile(source, {
      signal: this.#stopping.signal,
      // A server keeps trying while the network is down (every 5 minutes at most).
      attempts: SERVER_DOWNLOAD_ATTEMPTS,
      onProgress: ({ received, total, bytesPerSecond, retry }) =>
        (this.#status = {
          state: "downloading",
          model: this.label,
          percent: total ? Math.floor((received / total) * 100) : null,
          receivedBytes: received,
          totalBytes: total,
          bytesPerSecond,
          retry,
        }),
    });
    this.#status = { state: "loading", model: this.label };
    this.#loaded = await loadModel(path, this.#config, this.threads, {
      atWork: () => this.#atWork,
      onStep: ({ tokens, writing }) => {
        localWriterSteps.inc();
        localWriterStepTokens.inc(tokens);
        localWriterStepTexts.inc(writing);
      },
    });
    this.#status = { state: "ready", model: this.label };
    getLogger().info(`The local writer is ready: ${source.name} (${this.threads} threads)`);
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
  async write(prompt: Prompt, options: WriteOptions): Promise<void> {
    const loaded = this.#loaded;
    if (!loaded) throw new Error("the local writer is not ready");
    this.#entered++;
    for (const arrived of this.#onEntry.splice(0)) arrived();
    try {
      await this.#startTogether(options.signal);
      await this.#write(loaded, prompt, options);
    } finally {
      this.#entered--;
    }
  }

  /**
   * Texts let in together start together (decision 069): while no text is being written,
   * a text waits, up to GATHER_MS, for the others that hold a place in line and are still
   * on their way (their credits being reserved), so that their prompts are read in one
   * step before any of them writes, and none is held still while the others' are read.
   */
  async #startTogether(signal: AbortSignal): Promise<void> {
    const deadline = performance.now() + GATHER_MS;
    while (
      this.#atWork.writing.size === 0 &&
      this.queue.running > this.#entered &&
      !signal.aborted &&
      performance.now() < deadline
    ) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, deadline - performance.now());
        this.#onEntry.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async #write(loaded: LoadedModel, prompt: Prompt, options: WriteOptions): Promise<void> {
    const { LlamaChatSession } = await import("node-llama-cpp");
    const { model, chatWrapper } = loaded;
    const plain = promptTokens(model, chatWrapper, prompt);
    // The request and the text share the context: a long request leaves less room to write.
    if (loaded.context.contextSize - plain.length < MIN_TEXT_TOKENS) {
      throw new Error("the request is too long for the local model");
    }
    // A change of a text: spelled, on the sequence that wrote the text, as it holds it.
    const asHeld = new Map<Slot, Prompt["earlier"]>();
    const { slot, tokens, shared } = takeSlot(loaded.slots, (slot) => {
      const earlier = answerAsHeld(model, chatWrapper, slot.sequence, prompt);
      if (earlier === prompt.earlier) return plain;
      asHeld.set(slot, earlier);
      return promptTokens(model, chatWrapper, { ...prompt, earlier });
    });
    if (options.askedAt !== undefined) {
      localWriterQueueSeconds.observe((performance.now() - options.askedAt) / 1000);
    }
    const room = loaded.context.contextSize - tokens.length;
    const { sequence } = slot;
    const index = loaded.slots.indexOf(slot);
    let keptTokens: number;
    try {
      keptTokens = await keepCommonStart(slot, shared, tokens, loaded);
    } catch (error) {
      slot.busy = false;
      throw error;
    }
    slot.promptLength = tokens.length;
    const meter = sequence.tokenMeter;
    const [inputBefore, outputBefore] = [meter.usedInputTokens, meter.usedOutputTokens];
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: prompt.system,
      chatWrapper,
      autoDisposeSequence: false,
    });
    const earlier = asHeld.get(slot) ?? prompt.earlier;
    if (earlier) session.setChatHistory(chatHistory({ system: prompt.system, earlier }));
    let pieces = 0;
    let firstAt = 0;
    let lastAt = 0;
    let abortedAt: number | null = null;
    const noteAbort = () => (abortedAt = performance.now());
    options.signal.addEventListener("abort", noteAbort, { once: true });
    const atWork = this.#atWork;
    const priority = inSequenceOrder(index, loaded.slots.length);
    atWork.started++;
    try {
      await session.promptWithMeta(prompt.user, {
        maxTokens: Math.min(options.maxTokens, room),
        temperature: prompt.temperature,
        ...(prompt.seed === undefined ? {} : { seed: prompt.seed }),
        signal: options.signal,
        stopOnAbortSignal: true,
        evaluationPriority: priority,
        onToken: () => void atWork.writing.add(priority),
        onTextChunk: (text) => {
          if (!text) return;
          lastAt = performance.now();
          if (pieces === 0) firstAt = lastAt;
          pieces++;
          options.onText(text);
        },
      });
    } finally {
      atWork.started--;
      atWork.writing.delete(priority);
      options.signal.removeEventListener("abort", noteAbort);
      session.dispose();
      // The sequence keeps this text's prompt and words for the next text.
      slot.busy = false;
      if (pieces > 1 && lastAt > firstAt) this.#noteSpeed(pieces, (lastAt - firstAt) / 1000);
      const written = meter.usedOutputTokens - outputBefore;
      localWriterTokens.inc(written);
      getLogger().info(
        {
          pieces,
          tokens: written,
          promptTokens: tokens.length,
          // What this text had to read: the sequence already held the first keptTokens.
          readTokens: meter.usedInputTokens - inputBefore,
          keptTokens,
          // Which of the context's sequences wrote it: texts written at once never share one.
          sequence: index,
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

/** Below this, there is no room for a text worth the name. */
const MIN_TEXT_TOKENS = 128;
/** How long a text waits at most for the texts let in with it (decision 069). */
const GATHER_MS = 250;

/**
 * The open model inside the server. It waits its turn in the writer's fair queue (saying
 * where it stands), writes through the model's chat template, and stops the native
 * generation as soon as its signal aborts.
 */
export function llamaProvider(writer: LocalWriter): TextProvider {
  return {
    id: "llama",
    get modelName() {
      return writer.label;
    },
    async *stream(_request, prompt, { signal, place }) {
      // Taken when the request was accepted (a full line is a 503 before any stream), or
      // now when the local model stands in for another writer.
      const ticket = place ?? writer.join();
      let writing: Promise<void> | null = null;
      try {
        while (ticket.position > 0) {
          yield { type: "queued", position: ticket.position };
          await ticket.moved(signal);
          signal.throwIfAborted();
        }
        yield { type: "queued", position: 0 };

        const pieces: string[] = [];
        let wake: (() => void) | null = null;
        let finished = false;
        let failure: unknown = null;
        writing = writer
          .write(prompt, {
            maxTokens: prompt.maxTokens,
            signal,
            askedAt: ticket.joinedAt,
            onText: (text) => {
              pieces.push(text);
              wake?.();
            },
          })
          .then(
            () => void (finished = true),
            (error: unknown) => void (failure = error ?? new Error("the local model failed")),
          )
          .finally(() => wake?.());
        for (;;) {
          while (pieces.length > 0) yield pieces.shift()!;
          if (failure) throw failure;
          if (finished) return;
          signal.throwIfAborted();
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        // The sequence is free only once the native generation has stopped.
        await writing;
        ticket.leave();
      }
    },
  };
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
