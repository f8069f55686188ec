import type { GenerationRequest } from "#shared/schemas/generation.ts";
import type { Prompt } from "#server/generation/prompts.ts";

/** A writer that waits in line says where it stands; 0 means it is writing now. */
export interface QueuedNotice {
  type: "queued";
  position: number;
}

/** A place in a writer's line: 0 while writing, else the place (1 = next). */
export interface LinePlace {
  readonly position: number;
  /** When the place was taken (performance.now()). */
  readonly joinedAt: number;
  moved(signal: AbortSignal): Promise<void>;
  leave(): void;
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
    options: {
      signal: AbortSignal;
      paced: boolean;
      /** A place in the local writer's line, taken when the request was accepted. */
      place?: LinePlace;
    },
  ): AsyncIterable<string | QueuedNotice>;
}
