import { availableParallelism } from "node:os";
import type { Config } from "#server/config.ts";
import { getLogger } from "#server/logger.ts";
import { localWriterTokens } from "#server/metrics.ts";
import type { Prompt } from "#server/generation/prompts.ts";
import type { LocalWriterStatus } from "#shared/console.ts";
import type { TextProvider } from "../types.ts";
import {
  TEMPLATE_TOKENS,
  loadModel,
  modelFile,
  unreadyStatus,
  type LoadedModel,
  type Slot,
} from "./model.ts";
import { FairQueue, type Ticket } from "./queue.ts";
import { modelLabel, modelSource, type ModelSource } from "./source.ts";

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
    this.#loaded = await loadModel(path, this.#config, this.threads);
    this.#status = { state: "ready", model: this.label };
    getLogger().info(`The local writer is ready: ${source.name} (${this.threads} threads)`);
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
      resetSlot(slot, loaded.sharedTokens);
      const tokens = meter.usedOutputTokens - outputBefore;
      localWriterTokens.inc(tokens);
      getLogger().info(
        {
          pieces,
          tokens,
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

/** Below this, there is no room for a text worth the name. */
const MIN_TEXT_TOKENS = 128;

/**
 * Back to the shared instructions, for the next text: in the background, the text is done
 * for its reader now.
 */
function resetSlot(slot: Slot, sharedTokens: number): void {
  const { sequence } = slot;
  slot.cleaning = sequence
    .eraseContextTokenRanges([{ start: sharedTokens, end: sequence.nextTokenIndex }])
    .catch((error: unknown) =>
      getLogger().warn({ err: error }, "a local writer sequence could not be reset"),
    )
    .finally(() => {
      slot.cleaning = null;
      slot.busy = false;
    });
}

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
    async *stream(_request, prompt, { signal }) {
      const ticket = writer.join();
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
