import {
  CONTENT_TYPE_IDS,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  MAX_SUBJECT_CHARS,
  TONES,
} from "../generation.ts";
import { z } from "../zod.ts";

/** English messages; the generator shows Turkish ones when Turkish is selected (src/i18n). */
export const GENERATION_MESSAGES = {
  content: "Please describe the text you want.",
  contentTooLong: `Please keep the description under ${MAX_PROMPT_CHARS} characters.`,
  language: "Please choose a language.",
  contentType: "Please choose a content type.",
} as const;

/** POST /api/email/generate (DESIGN §5). */
export const generateRequestSchema = z.object({
  subject: z.string().trim().max(MAX_SUBJECT_CHARS).optional().default(""),
  content: z
    .string({ error: GENERATION_MESSAGES.content })
    .trim()
    .min(1, GENERATION_MESSAGES.content)
    .max(MAX_PROMPT_CHARS, GENERATION_MESSAGES.contentTooLong),
  tone: z.enum(TONES).optional().default("standard"),
  language: z.enum(LANGUAGE_IDS, { error: GENERATION_MESSAGES.language }),
  contentType: z.enum(CONTENT_TYPE_IDS, { error: GENERATION_MESSAGES.contentType }),
  length: z.enum(LENGTHS).optional(),
});

export type GenerateRequest = z.infer<typeof generateRequestSchema>;

export const generationIdSchema = z.object({ generationId: z.uuid() });

/** One history item (spec §3). */
export interface HistoryItem {
  id: string;
  subject: string;
  contentType: string;
  language: string;
  createdAt: string;
  generatedContent: string;
  modelUsed: string | null;
}
