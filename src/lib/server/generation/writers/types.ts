import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { Prompt } from "#server/generation/prompts.ts";

/** A writer that waits in line says where it stands; 0 means it is writing now. */
export interface QueuedNotice {
  type: "queued";
  position: number;
}

/** One AI writer; yields the text piece by piece as it is written. */
export interface TextProvider {
  /** Its `modelUsed` id (DESIGN §5). */
  id: string;
  /** The model it asks for, which the badge names beside the writer. */
  modelName?: string;
  stream(
    request: GenerationRequest,
    prompt: Prompt,
    options: { signal: AbortSignal; paced: boolean },
  ): AsyncIterable<string | QueuedNotice>;
}
