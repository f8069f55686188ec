import type { AppError } from "#server/errors.ts";
import type { GenerationResult } from "#shared/api/generation.ts";
import type { PassageRange } from "#shared/schemas/generation.ts";
import type { WriterEvent } from "./writers/fallback.ts";

/** What a generation gives its client, and what it needs to run (DESIGN §5). */

export type { GenerationResult };

/** What a running generation reports, in order: start, text, then done or error. */
export type GenerationEvent =
  | { type: "start"; generationId: string; subject: string; passage?: PassageRange }
  | WriterEvent
  | { type: "done"; result: GenerationResult }
  | { type: "error"; error: AppError };

export interface Generation {
  generationId: string;
  subject: string;
  /** Remaining credits right after the reservation. */
  credits: number;
  /** Read by the one client: pulling the next event is what counts as having received one. */
  events: AsyncIterable<GenerationEvent>;
  /**
   * The client went away (closed tab, lost connection), JSON and SSE alike (decision 056):
   * before any word reached it, the generation is cancelled and refunded; after, it
   * finishes, is kept in the history and costs a whole text. The local model is the
   * exception (decision 056): its time is shared, so it stops at once, as a Stop.
   */
  clientGone(): void;
}

export interface GenerationOptions {
  now: () => Date;
  /**
   * The client reads the text as it comes (SSE): streamed at a reading pace, and what went
   * out is kept when a writer fails. Otherwise (JSON) as fast as possible, all or nothing.
   */
  paced: boolean;
  /** The client's network (decision 085), whose texts in flight on this instance are bounded. */
  address?: string;
  /** Texts one owner may have in flight; no bound when unset (tests of the ledger alone). */
  ownerInFlight?: number;
  /** Texts one address may have in flight on this instance; no bound when unset. */
  addressInFlight?: number;
  /** How long a reservation holds without renewal: a crashed process's are refunded then. */
  leaseMs: number;
}
