import {
  CONTENT_TYPE_IDS,
  DEFAULT_LENGTH,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  MAX_SUBJECT_CHARS,
  MAX_EDITED_TEXT_CHARS,
  MAX_INSTRUCTION_CHARS,
  MAX_PASSAGE_CHARS,
  MAX_VARIANT,
  REFINE_ACTIONS,
  TONES,
  type RefineAction,
} from "#shared/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { REASON } from "#shared/failures.ts";
import { PLACEHOLDER_NAME } from "#shared/templates.ts";
import { FIELD_ID, MAX_USE_CASE_FIELDS, USE_CASE_SLUG } from "#shared/use-cases.ts";
import { z } from "#shared/zod.ts";

/**
 * A passage of a text, as character offsets into it: JavaScript string indices (UTF-16
 * code units, as `String.prototype.slice` and the browser's selection count them; an emoji
 * is two), `start` inclusive, `end` exclusive, `start < end`. Whether it lies inside the
 * text is the server's check, once it has read the text (400 `refine.passage`).
 */
export interface PassageRange {
  start: number;
  end: number;
}

const passageSchema = z.custom<PassageRange>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).every((key) => key === "start" || key === "end") &&
    Number.isSafeInteger((value as PassageRange).start) &&
    Number.isSafeInteger((value as PassageRange).end) &&
    (value as PassageRange).start >= 0 &&
    (value as PassageRange).start < (value as PassageRange).end,
  { error: REASON.refinePassageInvalid },
);

/**
 * A follow-up to one of the caller's finished texts (issues 10 and 43); the server reads
 * that text itself, never the client's copy. Each makes one new version of it.
 *
 * - Without `passage`: the whole text is rewritten (for `translate`, into the request's
 *   `language`; for `instruction`, following the instruction).
 * - With `passage` (any action but `translate`; at most MAX_PASSAGE_CHARS): only that
 *   passage of the parent's text is rewritten; the server splices the writer's answer in its place, so the text before and
 *   after it is kept byte for byte. Whitespace at the passage's edges counts as the text
 *   around it, and is kept too.
 * - `continue` writes new text after the passage: its `end` is where to continue from, and
 *   nothing of the parent is replaced; without a passage it continues from the text's end.
 * - `instruction` needs `instruction`, the person's own words (1 to MAX_INSTRUCTION_CHARS
 *   characters, not blank): data for the writer, never part of its instructions. No other
 *   action takes one.
 *
 * A passage change costs what it writes, and at least the share of the text it replaces
 * (decision 089, `passageChangeCost`); a whole-text one, an instruction too, costs a whole
 * text (less only when stopped, decision 056).
 */
export const refineSchema = z
  .object({
    parentId: z.uuid({ error: REASON.refineParentMissing }),
    action: z.enum(REFINE_ACTIONS, { error: REASON.refineActionMissing }),
    instruction: z.string({ error: REASON.refineInstructionMissing }).optional(),
    passage: passageSchema.optional(),
  })
  .superRefine((refine, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (refine.action === "instruction") {
      const instruction = refine.instruction?.trim() ?? "";
      if (!instruction) issue("instruction", REASON.refineInstructionMissing);
      else if ((refine.instruction ?? "").length > MAX_INSTRUCTION_CHARS) {
        issue("instruction", REASON.refineInstructionTooLong);
      }
    } else if (refine.instruction !== undefined) {
      issue("instruction", REASON.refineInstructionUnexpected);
    }
    if (refine.action === "translate" && refine.passage) {
      issue("passage", REASON.refinePassageNotForTranslate);
    } else if (refine.passage && refine.passage.end - refine.passage.start > MAX_PASSAGE_CHARS) {
      issue("passage", REASON.refinePassageTooLong);
    }
  })
  .transform((refine) => ({
    ...refine,
    ...(refine.instruction !== undefined ? { instruction: refine.instruction.trim() } : {}),
  }));

export type RefineRequest = z.output<typeof refineSchema>;

/**
 * A use case's fields' values by field id, as sent: at most MAX_USE_CASE_FIELDS keys (no
 * use case has more), each a field id. Checked on the object as sent, before the record
 * reads it: the record leaves out a `__proto__` key without a word, and one error per key
 * of a thousand made an answer of 125 KB. More keys than that are one error (`fields`),
 * and a key that is no field id (`__proto__` among them) its own; which of the ids the use
 * case has, and how long each value may be, is use-cases.ts's check, on the server: a text
 * tool's text over 6,000 characters is answered with its length there (issue 26), so no
 * length is refused here. The body's limit (64 KiB, api.ts) bounds them all.
 */
const fieldsSchema = z
  .custom<Record<string, string>>()
  .superRefine((value, ctx) => {
    // Not an object: the record says so.
    if (typeof value !== "object" || value === null || Array.isArray(value)) return;
    const keys = Object.keys(value);
    if (keys.length > MAX_USE_CASE_FIELDS) {
      ctx.addIssue({ code: "custom", message: REASON.useCaseFieldsTooMany });
      return;
    }
    for (const key of keys) {
      // A template's placeholder (issue 28) names its field: a letter of any script first.
      if (!FIELD_ID.test(key) && !PLACEHOLDER_NAME.test(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: REASON.useCaseFieldUnknown });
      }
    }
  })
  .pipe(z.record(z.string(), z.string({ error: REASON.useCaseFieldInvalid })));

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
     * Regenerate: the caller's text this is another version of. The history lists it under
     * that text's original, as it lists refinements (issue 22).
     */
    variantOf: z.uuid({ error: REASON.textNotFound }).optional(),
    /**
     * A use case (src/content/use-cases/<slug>.yaml) and its fields' values by field id;
     * the server checks them against that use case's definition (issue 42).
     */
    useCase: z
      .string({ error: REASON.useCaseUnknown })
      .regex(USE_CASE_SLUG, REASON.useCaseUnknown)
      .max(60, REASON.useCaseUnknown)
      .optional(),
    fields: fieldsSchema.optional(),
    /**
     * One of the caller's templates with a description (issue 28): the server writes from
     * its description, `fields` filling its `{{placeholders}}`; `content` is added after it.
     */
    templateId: z.uuid({ error: REASON.templateNotFound }).optional(),
    /** One of the caller's saved voices: the writer writes as it (the server reads it). */
    voiceId: z.uuid({ error: REASON.voiceInvalid }).optional(),
    /**
     * One of the caller's folders (issue 28): a new text is filed in it and, with no voice
     * chosen, written in the folder's voice.
     */
    folderId: z.uuid({ error: REASON.folderNotFound }).optional(),
    /** A follow-up to one of the caller's texts (refineSchema); `language` is translate's. */
    refine: refineSchema.optional(),
  })
  .superRefine((body, ctx) => {
    // A refinement reads its parent's text; an own text (issue 26) has no description.
    if (!body.useCase && !body.content && !body.refine && !body.templateId) {
      ctx.addIssue({ code: "custom", path: ["content"], message: REASON.contentMissing });
    }
    if (body.fields && !body.useCase && !body.templateId) {
      ctx.addIssue({ code: "custom", path: ["useCase"], message: REASON.useCaseUnknown });
    }
    if (body.templateId && (body.useCase || body.refine)) {
      ctx.addIssue({ code: "custom", path: ["templateId"], message: REASON.templateNotFillable });
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
  /**
   * The text, or null where a list answer left it out to stay within its size (issue 24):
   * GET /api/email/text/{id} reads it on its own.
   */
  generatedContent: string | null;
  /** The text's first 240 characters, for a card. */
  preview: string;
  modelUsed: string | null;
  /** The text this one was refined from, and how. */
  parentId: string | null;
  /** How it was made from its parent: a refinement's action, or "edited". */
  refinement: RefineAction | "edited" | null;
  /** An `instruction` refinement: the person's words ("Asked: …"). */
  instruction: string | null;
  /**
   * A passage change: the range of its parent's text that was replaced (UTF-16 offsets;
   * empty, start = end, where `continue` inserted). The new passage starts at `start` in
   * this text and ends at `end + (this text's length − the parent's length)`.
   */
  passage: PassageRange | null;
  /** Regenerate: which version of the same request (1 for the first). */
  variant: number;
  /**
   * The use case it was written for (its slug) and the values of its fields; a version in a
   * text's `refinements` whose fields are the text's own has `fields: null` (a tool's hold
   * the person's whole text, sent once).
   */
  useCase: string | null;
  fields: Record<string, string> | null;
  /** A stopped text: the words that reached the client. */
  stoppedWords: number | null;
  /**
   * The saved voice it was written in, while the voice exists (decision 087): "Use this
   * prompt again" and the desk choose it again.
   */
  voiceId?: string | null;
  /**
   * For a top-level text: the refinements and Regenerate's variants made from it (and from
   * them), oldest first.
   */
  refinements: HistoryItem[];
  /** A signed-in user's top-level text: the folder it is filed in, with all its versions. */
  folderId?: string | null;
}

export const HISTORY_PAGE_SIZE = 20;

/** GET /api/email/my: search over subject and text, filters, pages of top-level texts. */
export const historyQuerySchema = z.object({
  q: z.string().trim().max(200, "Please search for at most 200 characters.").optional().default(""),
  contentType: z.enum(CONTENT_TYPE_IDS, { error: REASON.contentTypeMissing }).optional(),
  language: z.enum(LANGUAGE_IDS, { error: REASON.languageMissing }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(HISTORY_PAGE_SIZE),
  /** One text: the top-level text that is, or holds, this id (the desk opens it, issue 43). */
  text: z.uuid({ error: REASON.textNotFound }).optional(),
  /** Texts filed in one of the caller's folders (issue 28), or `none`: in no folder. */
  folder: z
    .union([z.literal("none"), z.uuid({ error: REASON.folderNotFound })], {
      error: REASON.folderNotFound,
    })
    .optional(),
});
export type HistoryQuery = z.output<typeof historyQuerySchema>;

export interface HistoryPage {
  generations: HistoryItem[];
  /** Top-level texts that match, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}
