import type { LocalWriterStatus } from "#shared/console.ts";

/** Why a text is a template draft rather than an AI writer's (shown in the result panel). */
export type TemplateReason =
  "no-ai-writer" | "downloading" | "loading" | "failed" | "context-too-small";

/** GET /api/email/engines (DESIGN §5): who writes the next text. */
export interface WritersStatus {
  writer: "ai" | "template";
  templateReason?: TemplateReason;
  /** The AI writers that can answer now, in order. */
  ready: readonly string[];
  local: LocalWriterStatus;
}
