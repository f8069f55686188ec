import type { RefineAction } from "#shared/generation.ts";
import type { PassageRange } from "#shared/schemas/generation.ts";
import type { FailureBody } from "#shared/api/failures.ts";
import type { TemplateReason } from "./writers.ts";

/**
 * POST /api/email/generate: the JSON answer (`{ success: true, ...GenerationResult }`), or
 * the server-sent events of a stream, in order: start, queued, delta, reset, then done or
 * error (DESIGN §5).
 *
 * A passage change (`refine.passage`, or `continue`; issue 43, decision 089) streams the
 * new passage only: `start` carries `passage`, the range of the parent's text it replaces
 * (UTF-16 offsets; start = end where `continue` inserts), the deltas are the new passage,
 * to show in that range's place, and `done` carries the whole new version as `content`
 * with `passage`, where the new passage stands in it. The parent's text outside the range
 * is the version's, byte for byte.
 */

export interface GenerationResult {
  generationId: string;
  subject: string;
  content: string;
  modelUsed: string;
  /** The model the writer used (Mistral's, the OpenAI-compatible server's, the local one). */
  modelName?: string;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason?: TemplateReason;
  credits: number;
  /** A refinement: the text it was made from, and how. */
  parentId?: string;
  refinement?: RefineAction | "edited";
  /** An `instruction` refinement: the person's words. */
  instruction?: string;
  /** A passage change: where its new passage stands in `content` (UTF-16 offsets). */
  passage?: PassageRange;
  /**
   * A text that ended early: the words that reached the client. What it cost (`charged`)
   * is also set for a passage change or an instruction, priced by what it wrote.
   */
  stoppedWords?: number;
  charged?: number;
  /** Who ended it: the client's Stop, or its writer (a failure or a stall). */
  stoppedBy?: "client" | "writer";
}

/** One server-sent event of a generation, by its name. */
export type GenerationStreamEvent =
  | {
      event: "start";
      /** `passage`: a passage change's range of the parent's text, replaced by the deltas. */
      data: { generationId: string; subject: string; passage?: PassageRange };
    }
  | { event: "queued"; data: { position: number } }
  | { event: "delta"; data: { text: string } }
  | { event: "reset"; data: Record<string, never> }
  /**
   * The result without its text, which the stream carried; a passage change's with it
   * (the stream carried only the new passage).
   */
  | { event: "done"; data: Omit<GenerationResult, "content"> & { content?: string } }
  | { event: "error"; data: { message: string; code: string; reason?: FailureBody["reason"] } };
