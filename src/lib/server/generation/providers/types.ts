import type { ContentType, Language, Length, Tone } from "../../../shared/generation.ts";
import type { Prompt } from "../prompts.ts";

export interface ProviderInput {
  prompt: Prompt;
  subject: string;
  content: string;
  tone: Tone;
  language: Language;
  contentType: ContentType;
  length: Length;
}

/** One way to write a text; yields it piece by piece as it is written. */
export interface TextProvider {
  /** Its `modelUsed` id (DESIGN §5). */
  id: string;
  stream(
    input: ProviderInput,
    options: { signal: AbortSignal; paced: boolean },
  ): AsyncIterable<string>;
}
