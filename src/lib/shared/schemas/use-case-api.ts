import {
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  MAX_SUBJECT_CHARS,
  TONES,
} from "#shared/generation.ts";
import { REASON } from "#shared/failures.ts";
import { fieldMaxLength, type UseCase, type UseCaseField } from "#shared/use-cases.ts";
import { z } from "#shared/zod.ts";

/**
 * The body of `POST /api/v1/use-cases/{slug}` (issue 29): one schema per use case, made
 * from its definition, that the endpoint validates with and the OpenAPI document
 * (`/api/openapi.json`) describes. `fields` holds the use case's own fields (their ids,
 * which may be `subject` or `content`, so they are not mixed with the settings): required
 * ones required, each within its length, a choice one of its options' values. Beside it
 * the settings the web's form sends, all optional: the language (English by default), the
 * tone and length (the use case's own by default), an added description, a subject, a
 * saved voice and a folder. Messages are the web's reasons, so a refusal names the field
 * as the web's does (`fields.<id>`); the web's own check (use-cases.ts) runs after.
 */

/** One field's value as the API takes it. */
function fieldSchema(field: UseCaseField) {
  const missing = (issue: { input?: unknown }) =>
    issue.input === undefined ? REASON.useCaseFieldMissing : undefined;
  const described = `${field.label.en}: ${field.hint.en}`;
  if (field.kind === "choice") {
    const values = field.options!.map((option) => option.value) as [string, ...string[]];
    const choice = z.enum(values, {
      error: (issue) => missing(issue) ?? REASON.useCaseOptionUnknown,
    });
    return (field.required ? choice : choice.optional()).meta({ description: described });
  }
  const tooLong = field.kind === "text" ? REASON.ownTextTooLong : REASON.useCaseFieldTooLong;
  const text = z
    .string({ error: (issue) => missing(issue) ?? REASON.useCaseFieldInvalid })
    .trim()
    .max(fieldMaxLength(field), tooLong);
  return field.required
    ? text.min(1, REASON.useCaseFieldMissing).meta({ description: described })
    : text.optional().meta({ description: described });
}

export function useCaseApiSchema(useCase: Pick<UseCase, "fields">) {
  const fields = Object.fromEntries(useCase.fields.map((field) => [field.id, fieldSchema(field)]));
  return z.strictObject({
    fields: z.strictObject(fields, {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? REASON.useCaseFieldUnknown
          : issue.input === undefined
            ? REASON.useCaseFieldMissing
            : REASON.useCaseFieldInvalid,
    }),
    language: z
      .enum(LANGUAGE_IDS, { error: REASON.languageMissing })
      .optional()
      .meta({ description: "The language to write in; english by default." }),
    tone: z.enum(TONES).optional().meta({ description: "The use case's own tone by default." }),
    length: z
      .enum(LENGTHS)
      .optional()
      .meta({ description: "The use case's own length by default (a text tool keeps its own)." }),
    content: z
      .string()
      .trim()
      .max(MAX_PROMPT_CHARS, REASON.contentTooLong)
      .optional()
      .meta({ description: "More to say, written to the writer as data beside the fields." }),
    subject: z
      .string()
      .trim()
      .max(MAX_SUBJECT_CHARS)
      .optional()
      .meta({ description: "The text's title in the history; derived from the fields if not." }),
    voiceId: z
      .uuid({ error: REASON.voiceInvalid })
      .optional()
      .meta({ description: "One of the caller's saved voices." }),
    folderId: z
      .uuid({ error: REASON.folderNotFound })
      .optional()
      .meta({ description: "One of the caller's folders: the text is filed in it." }),
  });
}

export type UseCaseApiBody = z.output<ReturnType<typeof useCaseApiSchema>>;
