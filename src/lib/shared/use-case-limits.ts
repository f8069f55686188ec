/**
 * The use cases' categories, field kinds and limits, without zod: the generator island
 * imports these, and the schema module (use-cases.ts, which re-exports them) would bring
 * zod into the home page's JavaScript (DESIGN §11).
 */

export const USE_CASE_CATEGORIES = [
  "email",
  "work",
  "marketing",
  "study",
  "personal",
  "creative",
  "tools",
] as const;
export type UseCaseCategory = (typeof USE_CASE_CATEGORIES)[number];

/**
 * `text` is a person's own text that a text tool (issue 26) rewrites: the tool's main
 * field, at most MAX_OWN_TEXT_CHARS.
 */
export const FIELD_KINDS = ["line", "paragraph", "choice", "text"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/**
 * The longest text of one's own a tool rewrites, or the desk takes as "Your text", in
 * UTF-16 units as a textarea counts them: about 1,000 words, what the long length's token
 * budget can write back in one pass.
 */
export const MAX_OWN_TEXT_CHARS = 6_000;

/** The longest value each kind of field takes (a field's own maxLength may be lower). */
export const MAX_FIELD_CHARS: Record<FieldKind, number> = {
  line: 300,
  paragraph: 2000,
  choice: 60,
  text: MAX_OWN_TEXT_CHARS,
};

/** The most a field of this definition takes. */
export function fieldMaxLength(field: { kind: FieldKind; maxLength?: number | undefined }): number {
  return field.maxLength ?? MAX_FIELD_CHARS[field.kind];
}

/** A text tool's text field (issue 26): the person's own text it rewrites; none otherwise. */
export function textFieldOf<F extends { kind: FieldKind }>(useCase: {
  fields: readonly F[];
}): F | undefined {
  return useCase.fields.find((field) => field.kind === "text");
}
