import {
  CONTENT_TYPE_IDS,
  DEFAULT_LENGTH,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  MAX_SUBJECT_CHARS,
  MAX_EDITED_TEXT_CHARS,
  MAX_VARIANT,
  REFINEMENTS,
  TONES,
  type Refinement,
} from "#shared/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { REASON } from "#shared/failures.ts";
import { FIELD_ID, USE_CASE_SLUG } from "#shared/use-cases.ts";
import { z } from "#shared/zod.ts";

/**
 * POST /api/email/generate (DESIGN §5). The parsed value is the one request the server
 * passes from the endpoint to the providers: the subject derived from the description when
 * missing (spec §5), the length defaulted by content type.
 */
export const generationRequestSchema = z
  .object({
    subject: z.string().trim().max(MAX_SUBJECT_CHARS).optional().default(""),
    /** The description; with a use case it is optional (its fields say what to write). */
    content: z
      .string({ error: REASON.contentMissing })
      .trim()
      .max(MAX_PROMPT_CHARS, REASON.contentTooLong)
      .optional()
      .default(""),
    tone: z.enum(TONES).optional().default("standard"),
    language: z.enum(LANGUAGE_IDS, { error: REASON.languageMissing }),
    contentType: z.enum(CONTENT_TYPE_IDS, { error: REASON.contentTypeMissing }),
    length: z.enum(LENGTHS).optional(),
    /** Regenerate: 2, 3, … ask the writer for another version of the same request. */
    variant: z.number().int().min(1).max(MAX_VARIANT).optional().default(1),
    /**
     * A follow-up to one of the caller's finished texts; the server reads that text itself.
     * For `translate`, `language` is the language to translate into.
     */
    /**
     * A use case (src/content/use-cases/<slug>.yaml) and its fields' values by field id;
     * the server checks them against that use case's definition (issue 42).
     */
    useCase: z
      .string({ error: REASON.useCaseUnknown })
      .regex(USE_CASE_SLUG, REASON.useCaseUnknown)
      .max(60, REASON.useCaseUnknown)
      .optional(),
    fields: z
      .record(
        z.string().regex(FIELD_ID, REASON.useCaseFieldUnknown),
        z
          .string({ error: REASON.useCaseFieldInvalid })
          .max(MAX_PROMPT_CHARS, REASON.useCaseFieldTooLong),
      )
      .optional(),
    /** One of the caller's saved voices: the writer writes as it (the server reads it). */
    voiceId: z.uuid({ error: REASON.voiceInvalid }).optional(),
    refine: z
      .object({
        parentId: z.uuid({ error: REASON.refineParentMissing }),
        action: z.enum(REFINEMENTS, { error: REASON.refineActionMissing }),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.useCase && !body.content) {
      ctx.addIssue({ code: "custom", path: ["content"], message: REASON.contentMissing });
    }
    if (body.fields && !body.useCase) {
      ctx.addIssue({ code: "custom", path: ["useCase"], message: REASON.useCaseUnknown });
    }
  })
  .transform((body) => ({
    ...body,
    subject:
      body.subject || deriveSubject(body.content || Object.values(body.fields ?? {}).join(" ")),
    length: body.length ?? DEFAULT_LENGTH[body.contentType],
  }));

/** What the browser sends. */
export type GenerationRequestBody = z.input<typeof generationRequestSchema>;
/** The request as the server passes it on: subject and length always set. */
export type GenerationRequest = z.output<typeof generationRequestSchema>;

export const generationIdSchema = z.object({ generationId: z.uuid() });

/** POST /api/email/edit: the shown version, changed by hand, kept as a new version. */
export const editedTextSchema = z.object({
  parentId: z.uuid({ error: REASON.editParentMissing }),
  text: z
    .string({ error: REASON.editTextMissing })
    .refine((text) => text.trim().length > 0, REASON.editTextEmpty)
    .refine((text) => text.length <= MAX_EDITED_TEXT_CHARS, REASON.editTextTooLong),
});

/** One history item (spec §3), with what "Use this prompt again" and refinements need. */
export interface HistoryItem {
  id: string;
  subject: string;
  /** The visitor's description of the text. */
  content: string;
  contentType: string;
  language: string;
  tone: string;
  length: string | null;
  createdAt: string;
  generatedContent: string;
  modelUsed: string | null;
  /** The text this one was refined from, and how. */
  parentId: string | null;
  /** How it was made from its parent: a refinement's action, or "edited". */
  refinement: Refinement | "edited" | null;
  /** Regenerate: which version of the same request (1 for the first). */
  variant: number;
  /** The use case it was written for (its slug) and the values of its fields. */
  useCase: string | null;
  fields: Record<string, string> | null;
  /** A stopped text: the words that reached the client. */
  stoppedWords: number | null;
  /** For a text that is no refinement: the refinements made from it, oldest first. */
  refinements: HistoryItem[];
}

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/email/my: search over subject and text, filters, pages of top-level texts. */
export const historyQuerySchema = z.object({
  q: z.string().trim().max(200, "Please search for at most 200 characters.").optional().default(""),
  contentType: z.enum(CONTENT_TYPE_IDS, { error: REASON.contentTypeMissing }).optional(),
  language: z.enum(LANGUAGE_IDS, { error: REASON.languageMissing }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export interface HistoryPage {
  generations: HistoryItem[];
  /** Top-level texts that match, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}
