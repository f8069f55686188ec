import type { UseCaseField } from "./use-cases.ts";

/**
 * My templates (issue 28): a signed-in person's saved forms. Zod-free, as the generator
 * island reads the placeholders of a template it fills (in code loaded on first use).
 */
import { MAX_PLACEHOLDERS } from "./template-limits.ts";

export { MAX_PLACEHOLDERS, MAX_TEMPLATE_NAME_CHARS, MAX_TEMPLATES } from "./template-limits.ts";
/** The most a placeholder's value takes: a line, as a use case's line field. */
export const PLACEHOLDER_KIND = "line" as const;

/**
 * A placeholder's name, between `{{` and `}}`: a letter (of any script) first, then
 * letters, digits, `_` or `-`, at most 30. It names its field, so it is also a field key
 * the generation request takes (never `__proto__`, which starts with no letter).
 */
export const PLACEHOLDER_NAME = /^\p{L}[\p{L}\p{N}_-]{0,29}$/u;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** A description's placeholders, in order of first use; or why they are not placeholders. */
export function placeholdersOf(
  description: string,
): { names: string[] } | { problem: "malformed" | "tooMany" } {
  // `{{{name}}}` reads as a placeholder in braces or a typo: it is refused, not guessed.
  if (/\{\{\{|\}\}\}/.test(description)) return { problem: "malformed" };
  const names: string[] = [];
  for (const [, inner] of description.matchAll(PLACEHOLDER)) {
    const name = inner!.trim();
    if (!PLACEHOLDER_NAME.test(name)) return { problem: "malformed" };
    if (!names.includes(name)) names.push(name);
  }
  // A `{{` or `}}` left once the placeholders are out is one that did not close or open.
  const rest = description.replace(PLACEHOLDER, "");
  if (rest.includes("{{") || rest.includes("}}")) return { problem: "malformed" };
  if (names.length > MAX_PLACEHOLDERS) return { problem: "tooMany" };
  return { names };
}

/** Each placeholder as a field: required, a line, labelled with its own name. */
export function placeholderFields(names: readonly string[]): UseCaseField[] {
  return names.map((name) => ({
    id: name,
    label: { en: name, tr: name },
    hint: { en: "", tr: "" },
    kind: PLACEHOLDER_KIND,
    required: true,
  }));
}

/** A description with its placeholders filled (the subject is derived from it). */
export function fillPlaceholders(description: string, values: Record<string, string>): string {
  return description.replace(PLACEHOLDER, (whole, inner: string) =>
    Object.hasOwn(values, inner.trim()) ? values[inner.trim()]! : whole,
  );
}
