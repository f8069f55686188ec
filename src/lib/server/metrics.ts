import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { LocalWriterView } from "#shared/console.ts";

/**
 * What `/metrics` serves (decision 093): one registry per process, in Prometheus text.
 * Every label takes a bounded set of values (a route's pattern, never its URL), so the
 * series stay few however many addresses are asked for. Each instance counts its own.
 */
export const metricsRegistry = new Registry();

/** Node's own figures (CPU, memory, heap, event-loop delay, handles), started by the server. */
export function collectProcessMetrics(): void {
  collectDefaultMetrics({ register: metricsRegistry });
}

/**
 * Requests by route pattern and status, with their time to the last byte. Its `_count` is
 * the request count; streamed texts run long, hence the upper buckets.
 */
export const httpRequestSeconds = new Histogram({
  name: "aitext_http_request_duration_seconds",
  help: "Requests by method, route pattern and status, and how long each took to answer",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers: [metricsRegistry],
});

/**
 * How a text ended: `finished`, `stopped` (the person's Stop, priced), `ended_by_writer`
 * (its writer failed after words went out, priced), `failed` (no writer answered,
 * refunded), `cancelled` (the client left before any text, refunded), `lease_lost` (the
 * reconciler refunded it meanwhile), `error` (settling it failed). `writer` is the
 * writer's id (`mistral-ai`, `localai`, `llama`), `template` for a template draft, `none`
 * when no writer answered.
 */
export type GenerationOutcome =
  "finished" | "stopped" | "ended_by_writer" | "failed" | "cancelled" | "lease_lost" | "error";

export const generationsTotal = new Counter({
  name: "aitext_generations_total",
  help: "Texts by the writer that wrote them and how they ended",
  labelNames: ["writer", "outcome"] as const,
  registers: [metricsRegistry],
});

export function countGeneration(writer: string, outcome: GenerationOutcome): void {
  generationsTotal.inc({ writer, outcome });
}

/**
 * A text's time from its request to its first words, and to its end (finished, stopped or
 * ended by its writer), by the writer that wrote it: a writer id of the registry
 * (`mistral-ai`, `localai`, `llama`) or `template` for a template draft, whose words come
 * all at once. Texts no writer wrote are counted by `aitext_generations_total` alone.
 */
export const firstTokenSeconds = new Histogram({
  name: "aitext_text_first_token_seconds",
  help: "Time from a text's request to its first words, by writer",
  labelNames: ["writer"] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30],
  registers: [metricsRegistry],
});

export const textSeconds = new Histogram({
  name: "aitext_text_duration_seconds",
  help: "Time from a text's request to its end, by writer",
  labelNames: ["writer"] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 15, 20, 30, 45, 60, 90, 120],
  registers: [metricsRegistry],
});

/** Times a text's first words or its end; `askedAt` is its request's `performance.now()`. */
export function timeText(moment: "first-words" | "end", writer: string, askedAt: number): void {
  const seconds = (performance.now() - askedAt) / 1000;
  (moment === "first-words" ? firstTokenSeconds : textSeconds).observe({ writer }, seconds);
}

/**
 * The local writer's line: from a text taking its place to a sequence starting to write
 * it (the gathering of texts let in together included, decision 069).
 */
export const localWriterQueueSeconds = new Histogram({
  name: "aitext_local_writer_queue_wait_seconds",
  help: "Time from a text asking the local writer to a sequence starting to write it",
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

/**
 * Why a hosted writer failed a text: its deadline passed, its address refused the
 * connection, the connection failed otherwise, it answered a 4xx or a 5xx status, its
 * stream was cut off before its end, it wrote nothing, or anything else.
 */
export type WriterErrorReason =
  "timeout" | "refused" | "network" | "http_4xx" | "http_5xx" | "cut" | "empty" | "other";

export const writerErrors = new Counter({
  name: "aitext_writer_errors_total",
  help: "Texts a hosted writer failed, by writer and reason",
  labelNames: ["writer", "reason"] as const,
  registers: [metricsRegistry],
});

/**
 * Credits given, counted once their transaction has committed: `weekly` (the weekly
 * allowance), `operator` (an operator's grant); and credits earned by watching ads.
 */
export type CreditGrant = "weekly" | "operator";

export const creditsGranted = new Counter({
  name: "aitext_credits_granted_total",
  help: "Credits given by the weekly allowance and by operators, by kind",
  labelNames: ["kind"] as const,
  registers: [metricsRegistry],
});

export const creditsEarnedByAds = new Counter({
  name: "aitext_credits_earned_by_ads_total",
  help: "Credits earned by watching ads",
  registers: [metricsRegistry],
});

/**
 * Credits taken for texts (each reservation's whole cost) and given back (a failed text's
 * cost, the unused rest of a stopped text or a passage change), counted once their
 * transaction has committed. What texts earned is the one minus the other.
 */
export const creditsCharged = new Counter({
  name: "aitext_credits_charged_total",
  help: "Credits reserved for texts",
  registers: [metricsRegistry],
});

export const creditsRefunded = new Counter({
  name: "aitext_credits_refunded_total",
  help: "Credits given back for texts that failed or used less than they reserved",
  registers: [metricsRegistry],
});

/** Answers of 503 because the database could not read or write (decision 059). */
export const databaseFaults = new Counter({
  name: "aitext_database_faults_total",
  help: "Requests and texts answered 503 because the database was unavailable",
  registers: [metricsRegistry],
});

/** Pieces of text (about one a token) the local writer wrote, stopped texts' included. */
export const localWriterTokens = new Counter({
  name: "aitext_local_writer_tokens_total",
  help: "Tokens the local writer wrote",
  registers: [metricsRegistry],
});

/**
 * The local writer's steps (decision 069): decodes that carried next tokens of texts being
 * written, those tokens, and how many texts were being written at each. Tokens ÷ texts is
 * the batch fill: 1 when every step carries every text.
 */
export const localWriterSteps = new Counter({
  name: "aitext_local_writer_steps_total",
  help: "Decodes of the local writer while texts were being written",
  registers: [metricsRegistry],
});
export const localWriterStepTokens = new Counter({
  name: "aitext_local_writer_step_tokens_total",
  help: "Next tokens of texts being written that the local writer's decodes carried",
  registers: [metricsRegistry],
});
export const localWriterStepTexts = new Counter({
  name: "aitext_local_writer_step_texts_total",
  help: "Texts being written at each of the local writer's decodes, summed",
  registers: [metricsRegistry],
});

const LOCAL_WRITER_STATES = [
  "off",
  "downloading",
  "loading",
  "ready",
  "failed",
  "too-small",
] as const satisfies readonly LocalWriterView["status"]["state"][];

/**
 * The local writer's figures, read when Prometheus scrapes: the server hands in the
 * registry's view of it once its writers are set up.
 */
export function watchLocalWriter(view: () => LocalWriterView): void {
  const gauge = (name: string, help: string, read: (figures: LocalWriterView) => number) =>
    new Gauge({
      name,
      help,
      registers: [metricsRegistry],
      collect() {
        this.set(read(view()));
      },
    });
  gauge(
    "aitext_local_writer_running",
    "Texts the local writer is writing now",
    (figures) => figures.queue?.running ?? 0,
  );
  gauge(
    "aitext_local_writer_waiting",
    "Texts waiting in line for the local writer",
    (figures) => figures.queue?.waiting ?? 0,
  );
  gauge(
    "aitext_local_writer_sequences",
    "Texts the local writer can write at once (LOCAL_MODEL_CONCURRENCY)",
    (figures) => figures.queue?.concurrency ?? 0,
  );
  gauge(
    "aitext_local_writer_queue_capacity",
    "Texts that may wait in line for the local writer (LOCAL_MODEL_QUEUE)",
    (figures) => figures.queue?.capacity ?? 0,
  );
  gauge(
    "aitext_local_writer_text_tokens_per_second",
    "Mean writing speed of the local writer's last texts (up to 10), as each reader saw it",
    ({ recent }) =>
      recent.length === 0
        ? 0
        : recent.reduce((sum, text) => sum + text.tokensPerSecond, 0) / recent.length,
  );
  new Gauge({
    name: "aitext_local_writer_state",
    help: "The local writer's state: 1 for the one it is in",
    labelNames: ["state"] as const,
    registers: [metricsRegistry],
    collect() {
      const current = view().status.state;
      for (const state of LOCAL_WRITER_STATES) this.set({ state }, state === current ? 1 : 0);
    },
  });
}
