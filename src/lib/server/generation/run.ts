import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { Database } from "#server/db/index.ts";
import { getLogger } from "#server/logger.ts";
import { eventChannel, type EventChannel } from "./event-channel.ts";
import { renewLease, type Lineage } from "./generations.ts";
import { passageShaper, type PassageShaper } from "./passages.ts";
import type { RefinementPlan } from "./refinements.ts";
import { listenForStop } from "./stop.ts";
import type { GenerationOptions } from "./types.ts";

/** How long a Stopped hosted writer may take to end its text on its own (decision 056). */
const STOP_GRACE_MS = 1_000;

/** One text being written: its reservation, its events, and how it may be stopped. */
export interface Run {
  db: Database;
  generationId: string;
  credits: number;
  /** What it reserved: the plan's cost of a whole text when it started (issue 29). */
  cost: number;
  request: GenerationRequest;
  lineage: Lineage | null;
  options: GenerationOptions;
  channel: EventChannel;
  /** A refinement: its parent's text, where the answer goes, how it is priced. */
  refinement?: RefinementPlan;
  /** A passage change: its answer, shaped as it streams into its place. */
  shaper?: PassageShaper;
  /** Aborts the writer. */
  controller: AbortController;
  /** A person's Stop (or a Stop's end) was asked for. */
  stopped: boolean;
  /** The writer at work (its id), for the generations counted on /metrics. */
  writer: string;
  writingLocally: boolean;
  clientGone(): void;
  /** Ends the run's timers and listeners; the address's place is given back. */
  close(): void;
}

/** A reserved text, as charges.ts hands it over. */
interface Reservation {
  generationId: string;
  credits: number;
  cost: number;
  releaseAddress: () => void;
}

/**
 * The run of a reserved text: its start event sent, its lease renewed while it is written,
 * and a Stop asked on any instance heard.
 */
export function openRun(
  db: Database,
  request: GenerationRequest,
  reserved: Reservation,
  lineage: Lineage | null,
  options: GenerationOptions,
  refinement?: RefinementPlan,
): Run {
  const { generationId, credits, cost } = reserved;
  const splice = refinement?.splice;
  const run: Run = {
    db,
    generationId,
    credits,
    cost,
    request,
    lineage,
    options,
    refinement,
    channel: eventChannel(),
    controller: new AbortController(),
    shaper: splice ? passageShaper(splice, refinement.source.text, request.language) : undefined,
    stopped: false,
    writer: "none",
    writingLocally: false,
    clientGone: () => stops.clientGone(),
    close() {
      endRenewal();
      stops.endGrace();
      stopListening();
      reserved.releaseAddress();
      run.channel.close();
    },
  };
  const stops = stopsOf(run);
  const stopListening = listenForStop(db, generationId, stops.stop);
  const endRenewal = renewWhileWriting(db, generationId, options);
  run.channel.push({
    type: "start",
    generationId,
    subject: request.subject,
    ...(splice ? { passage: { start: splice.start, end: splice.end } } : {}),
  });
  return run;
}

/** The ways a run is stopped: a person's Stop, and its reader leaving. */
function stopsOf(run: Run) {
  let graceTimer: NodeJS.Timeout | undefined;
  function stopNow(): void {
    run.stopped = true;
    run.controller.abort();
  }
  return {
    // A person's Stop. A hosted writer gets STOP_GRACE_MS to end on its own, its new words
    // held back meanwhile, so that a Stop sent on its last word is the finished text it is;
    // the local writer stops at once (its time is shared; its last token says it is done).
    stop() {
      if (run.writingLocally) return stopNow();
      run.stopped = true;
      run.channel.hold();
      graceTimer ??= setTimeout(stopNow, STOP_GRACE_MS);
    },
    clientGone() {
      // Nothing reached the client: cancelled and refunded. The local model's shared time
      // is not spent on a reader who left: it stops, and costs what was delivered.
      if (!run.channel.delivered) run.controller.abort();
      else if (run.writingLocally) stopNow();
    },
    endGrace: () => clearTimeout(graceTimer),
  };
}

/** Renews a text's lease every third of its length; returns the end of the renewals. */
function renewWhileWriting(
  db: Database,
  generationId: string,
  options: GenerationOptions,
): () => void {
  const renewal = setInterval(() => {
    const lease = new Date(options.now().getTime() + options.leaseMs);
    renewLease(db, generationId, lease).catch((error: unknown) =>
      getLogger().warn({ err: error, generationId }, "lease renewal failed"),
    );
  }, options.leaseMs / 3);
  renewal.unref();
  return () => clearInterval(renewal);
}
