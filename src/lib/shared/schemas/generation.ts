import {
  CONTENT_TYPE_IDS,
  DEFAULT_LENGTH,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  MAX_SUBJECT_CHARS,
  TONES,
} from "#shared/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { z } from "#shared/zod.ts";

/** English messages; the generator shows Turkish ones when Turkish is selected (src/i18n). */
export const GENERATION_MESSAGES = {
  content: "Please describe the text you want.",
  contentTooLong: `Please keep the description under ${MAX_PROMPT_CHARS} characters.`,
  language: "Please choose a language.",
  contentType: "Please choose a content type.",
} as const;

/**
 * POST /api/email/generate (DESIGN §5). The parsed value is the one request the server
 * passes from the endpoint to the providers: the subject derived from the description when
 * missing (spec §5), the length defaulted by content type.
 */
export const generationRequestSchema = z
  .object({
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
  })
  .transform((body) => ({
    ...body,
    subject: body.subject || deriveSubject(body.content),
    length: body.length ?? DEFAULT_LENGTH[body.contentType],
  }));

/** What the browser sends. */
export type GenerationRequestBody = z.input<typeof generationRequestSchema>;
/** The request as the server passes it on: subject and length always set. */
export type GenerationRequest = z.output<typeof generationRequestSchema>;

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
