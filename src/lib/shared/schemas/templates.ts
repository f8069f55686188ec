import {
  CONTENT_TYPE_IDS,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  TONES,
} from "#shared/generation.ts";
import { REASON } from "#shared/failures.ts";
import { LIBRARY_REASON } from "#shared/library-failures.ts";
import { MAX_TEMPLATE_NAME_CHARS, placeholdersOf } from "#shared/templates.ts";
import { FIELD_ID, MAX_USE_CASE_FIELDS, USE_CASE_SLUG } from "#shared/use-cases.ts";
import { z } from "#shared/zod.ts";

const name = z
  .string({ error: LIBRARY_REASON.templateNameMissing })
  .trim()
  .min(1, LIBRARY_REASON.templateNameMissing)
  .max(MAX_TEMPLATE_NAME_CHARS, LIBRARY_REASON.templateNameTooLong);

/** What every saved form keeps besides what it is about. */
const choices = {
  language: z.enum(LANGUAGE_IDS, { error: REASON.languageMissing }),
  tone: z.enum(TONES).optional().default("standard"),
  length: z.enum(LENGTHS).optional(),
  voiceId: z.uuid({ error: REASON.voiceInvalid }).optional(),
};

/**
 * A use case's fields as a template keeps them: at most a use case's number of fields,
 * each keyed by a field id; which ids and how long is the server's check against the use
 * case's definition (templates.ts), as for a text.
 */
const useCaseFields = z
  .record(z.string(), z.string({ error: REASON.useCaseFieldInvalid }))
  .refine((fields) => Object.keys(fields).length <= MAX_USE_CASE_FIELDS, {
    message: REASON.useCaseFieldsTooMany,
  })
  .refine((fields) => Object.keys(fields).every((key) => FIELD_ID.test(key)), {
    message: REASON.useCaseFieldUnknown,
  });

const useCaseForm = z.object({
  kind: z.literal("useCase"),
  useCase: z.string().regex(USE_CASE_SLUG, REASON.useCaseUnknown).max(60, REASON.useCaseUnknown),
  fields: useCaseFields.optional().default({}),
  /** What was typed under the fields ("Anything else"). */
  content: z.string().trim().max(MAX_PROMPT_CHARS, REASON.contentTooLong).optional().default(""),
  ...choices,
});

/** A description, whose `{{placeholders}}` become fields when the template is used. */
const descriptionForm = z.object({
  kind: z.literal("description"),
  content: z
    .string({ error: REASON.contentMissing })
    .trim()
    .min(1, REASON.contentMissing)
    .max(MAX_PROMPT_CHARS, REASON.contentTooLong)
    .superRefine((content, ctx) => {
      const found = placeholdersOf(content);
      if (!("problem" in found)) return;
      const message =
        found.problem === "tooMany"
          ? LIBRARY_REASON.templatePlaceholdersTooMany
          : LIBRARY_REASON.templatePlaceholderMalformed;
      ctx.addIssue({ code: "custom", message });
    }),
  contentType: z.enum(CONTENT_TYPE_IDS, { error: REASON.contentTypeMissing }),
  ...choices,
});

/** A template's `form` column: checked on every write, read back as written. */
export const templateFormSchema = z.discriminatedUnion("kind", [useCaseForm, descriptionForm], {
  error: LIBRARY_REASON.templateFormInvalid,
});
export type TemplateForm = z.output<typeof templateFormSchema>;
/** A form as the browser sends it (tone and fields may be left out). */
export type TemplateFormBody = z.input<typeof templateFormSchema>;

/** POST /api/templates. */
export const newTemplateSchema = z.object({ name, form: templateFormSchema });
export type NewTemplate = z.output<typeof newTemplateSchema>;

/** PATCH /api/templates/{id}: a new name, a new form, or both. */
export const templateChangesSchema = z
  .object({ name: name.optional(), form: templateFormSchema.optional() })
  .refine((changes) => changes.name !== undefined || changes.form !== undefined, {
    message: "Send a name, a form or both.",
  });
export type TemplateChanges = z.output<typeof templateChangesSchema>;
