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
] as const;
export type UseCaseCategory = (typeof USE_CASE_CATEGORIES)[number];

export const FIELD_KINDS = ["line", "paragraph", "choice"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

/** The longest value each kind of field takes (a field's own maxLength may be lower). */
export const MAX_FIELD_CHARS: Record<FieldKind, number> = {
  line: 300,
  paragraph: 2000,
  choice: 60,
};

/** The most a field of this definition takes. */
export function fieldMaxLength(field: { kind: FieldKind; maxLength?: number | undefined }): number {
  return field.maxLength ?? MAX_FIELD_CHARS[field.kind];
}
