import type { Refinement } from "#shared/generation.ts";
import type { FailureReason } from "#shared/failures.ts";
import type { TemplateReason } from "./writers.ts";

/**
 * POST /api/email/generate: the JSON answer (`{ success: true, ...GenerationResult }`), or
 * the server-sent events of a stream, in order: start, queued, delta, reset, then done or
 * error (DESIGN §5).
 */

export interface GenerationResult {
  generationId: string;
  subject: string;
  content: string;
  modelUsed: string;
  /** The model's name when `modelUsed` does not say it (the local writer's model). */
  modelName?: string;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason?: TemplateReason;
  credits: number;
  /** A refinement: the text it was made from, and how. */
  parentId?: string;
  refinement?: Refinement | "edited";
  /** A text that ended early: the words that reached the client, and what they cost. */
  stoppedWords?: number;
  charged?: number;
  /** Who ended it: the client's Stop, or its writer (a failure or a stall). */
  stoppedBy?: "client" | "writer";
}

/** One server-sent event of a generation, by its name. */
export type GenerationStreamEvent =
  | { event: "start"; data: { generationId: string; subject: string } }
  | { event: "queued"; data: { position: number } }
  | { event: "delta"; data: { text: string } }
  | { event: "reset"; data: Record<string, never> }
  /** The result without its text: the stream carried it. */
  | { event: "done"; data: Omit<GenerationResult, "content"> }
  | { event: "error"; data: { message: string; code: string; reason?: FailureReason } };
