import { CONTENT_TYPE_IDS, LENGTHS, TONES } from "./generation.ts";
import {
  FIELD_KINDS,
  MAX_FIELD_CHARS,
  MAX_OWN_TEXT_CHARS,
  USE_CASE_CATEGORIES,
  fieldMaxLength,
} from "./use-case-limits.ts";
import { unknownPlanSlots } from "./plan.ts";
import { z } from "./zod.ts";

export {
  FIELD_KINDS,
  MAX_FIELD_CHARS,
  MAX_OWN_TEXT_CHARS,
  USE_CASE_CATEGORIES,
  fieldMaxLength,
  textFieldOf,
  type FieldKind,
  type UseCaseCategory,
} from "./use-case-limits.ts";

/**
 * Use cases (issue 42): one YAML file each in src/content/use-cases/, checked by this
 * schema when the site builds (a wrong file fails the build, naming the file and the
 * field). Everything a person reads is in English and Turkish; the writer's instructions
 * are English, ours, and name the fields as slots (`{recipient}`), never their values.
 */

export const USE_CASE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const FIELD_ID = /^[a-z][a-zA-Z0-9]{0,29}$/;
/** `{fieldId}` in the instructions: where the writer is pointed at that field's value. */
export const SLOT = /\{([^{}]*)\}/g;

export const MAX_USE_CASE_FIELDS = 6;
/** The longest instructions a use case gives the writer (its prompt's bound counts on it). */
export const MAX_USE_CASE_INSTRUCTIONS = 1200;

/** A text a person reads, in both of the site's languages. */
export function localized(max: number) {
  return z.object({
    en: z.string().trim().min(1).max(max),
    tr: z.string().trim().min(1).max(max),
  });
}
export type Localized = { en: string; tr: string };

const optionSchema = z.object({
  value: z.string().regex(FIELD_ID, "must be a short id: a-z first, then letters and digits"),
  label: localized(60),
});

export const useCaseFieldSchema = z.object({
  id: z.string().regex(FIELD_ID, "must be a short id: a-z first, then letters and digits"),
  label: localized(60),
  /** One line under the label (or its placeholder): what to put in. */
  hint: localized(160),
  kind: z.enum(FIELD_KINDS),
  /** A choice's options, at least two; only a choice has them. */
  options: z.array(optionSchema).min(2).max(12).optional(),
  required: z.boolean().default(false),
  maxLength: z.number().int().min(1).optional(),
});

export const useCaseSchema = z
  .object({
    /** The page's address, /write/<slug>; the file is named <slug>.yaml. */
    slug: z.string().regex(USE_CASE_SLUG, "must be lower-case words joined by hyphens").max(60),
    name: localized(60),
    category: z.enum(USE_CASE_CATEGORIES),
    /** One line: on /write, in the picker and under the page's heading. */
    summary: localized(160),
    /** A paragraph or two on the page. */
    description: localized(900),
    seo: z.object({ title: localized(70), description: localized(170) }),
    contentType: z.enum(CONTENT_TYPE_IDS),
    tone: z.enum(TONES),
    length: z.enum(LENGTHS),
    fields: z.array(useCaseFieldSchema).min(1).max(MAX_USE_CASE_FIELDS),
    /** For the writer, in English: what to write, with the fields as `{id}` slots. */
    instructions: z.string().trim().min(20).max(MAX_USE_CASE_INSTRUCTIONS),
    /**
     * A text tool whose changes are what a person wants to see (Fix grammar): its result
     * opens on the changes view, not on the new text.
     */
    opensOnChanges: z.boolean().default(false),
    /**
     * A text tool that writes the person's text in the language the request names
     * (Translate). Every other tool keeps the language the text is in, whatever is chosen:
     * Fix grammar never translates.
     */
    translates: z.boolean().default(false),
    /**
     * Examples of what it writes: each the fields a person would fill (a choice by its
     * option's value, every other field in both languages) and the text (Markdown). The
     * first is the page's "Try this example"; a text tool's `text` field is the person's
     * text that the example's text rewrites.
     */
    examples: z
      .array(
        z.object({
          fields: z.record(z.string(), z.union([z.string(), localized(MAX_OWN_TEXT_CHARS)])),
          text: localized(4000),
        }),
      )
      .min(2)
      .max(3),
    /** How to write this kind of text well: 3 to 5 short tips, shown on the page. */
    guide: z.array(localized(300)).min(3).max(5),
    /**
     * What people write next (slugs of other use cases), linked first among the related
     * ones; the page fills the rest from the same category.
     */
    next: z.array(z.string().regex(USE_CASE_SLUG)).max(4).default([]),
    /** When the page's words last changed (the sitemap's lastmod); the build's date if not. */
    updated: z.coerce.date().optional(),
    /**
     * Questions and answers. A number of the plan is a slot (`{weeklyAllowance}`,
     * `{costPerText}`): the page states the plan in force (decision 071).
     */
    faq: z
      .array(z.object({ question: localized(200), answer: localized(800) }))
      .min(3)
      .max(5),
  })
  .superRefine((useCase, ctx) => {
    const ids = new Set<string>();
    useCase.fields.forEach((field, i) => {
      const path = ["fields", i];
      if (ids.has(field.id)) {
        ctx.addIssue({ code: "custom", path: [...path, "id"], message: `repeats "${field.id}"` });
      }
      ids.add(field.id);
      if (field.kind === "choice" && !field.options) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "options"],
          message: "a choice needs options",
        });
      }
      if (field.kind !== "choice" && field.options) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "options"],
          message: `a ${field.kind} has no options`,
        });
      }
      if (field.maxLength !== undefined && field.maxLength > MAX_FIELD_CHARS[field.kind]) {
        ctx.addIssue({
          code: "custom",
          path: [...path, "maxLength"],
          message: `a ${field.kind} takes at most ${MAX_FIELD_CHARS[field.kind]} characters`,
        });
      }
    });
    const texts = useCase.fields.filter((field) => field.kind === "text");
    if (texts.length > 1) {
      ctx.addIssue({ code: "custom", path: ["fields"], message: "a tool has one text field" });
    }
    if (texts.some((field) => !field.required)) {
      ctx.addIssue({ code: "custom", path: ["fields"], message: "a text field is required" });
    }
    if (texts.length > 0 && useCase.category !== "tools") {
      ctx.addIssue({ code: "custom", path: ["category"], message: "a text tool is a tool" });
    }
    if (useCase.translates && texts.length === 0) {
      ctx.addIssue({ code: "custom", path: ["translates"], message: "only a tool translates" });
    }
    if (texts.length === 0 && useCase.category === "tools") {
      ctx.addIssue({ code: "custom", path: ["fields"], message: "a tool needs a text field" });
    }
    useCase.examples.forEach((example, i) =>
      checkExampleFields(useCase.fields, example.fields, ["examples", i, "fields"], ctx),
    );
    if (useCase.next.includes(useCase.slug)) {
      ctx.addIssue({ code: "custom", path: ["next"], message: "names this use case itself" });
    }
    useCase.faq.forEach((entry, i) => {
      for (const part of ["question", "answer"] as const) {
        for (const language of ["en", "tr"] as const) {
          for (const slot of unknownPlanSlots(entry[part][language])) {
            ctx.addIssue({
              code: "custom",
              path: ["faq", i, part, language],
              message: `{${slot}} names no number of the plan (such as {weeklyAllowance}, {costPerText})`,
            });
          }
        }
      }
    });
    for (const [, slot] of useCase.instructions.matchAll(SLOT)) {
      if (!ids.has(slot!)) {
        ctx.addIssue({
          code: "custom",
          path: ["instructions"],
          message: `{${slot}} names no field (fields: ${[...ids].join(", ")})`,
        });
      }
    }
  });

/**
 * An example's fields: each names a field; every required field is there; a choice holds
 * one of its options' values; any other field its text in both languages, within its
 * length.
 */
function checkExampleFields(
  fields: z.infer<typeof useCaseFieldSchema>[],
  values: Record<string, string | Localized>,
  path: (string | number)[],
  ctx: z.RefinementCtx,
): void {
  const issue = (key: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [...path, key], message });
  for (const key of Object.keys(values)) {
    if (!fields.some((field) => field.id === key)) issue(key, "names no field");
  }
  for (const field of fields) {
    const value = values[field.id];
    if (value === undefined) {
      if (field.required) issue(field.id, "is required, so an example fills it");
    } else if (field.kind === "choice") {
      if (typeof value !== "string" || !field.options!.some((option) => option.value === value)) {
        issue(field.id, `must be one of its options' values`);
      }
    } else if (typeof value === "string") {
      issue(field.id, "needs en and tr");
    } else if (Math.max(value.en.length, value.tr.length) > fieldMaxLength(field)) {
      issue(field.id, `is longer than the field takes (${fieldMaxLength(field)})`);
    }
  }
}

export type UseCase = z.output<typeof useCaseSchema>;
export type UseCaseField = UseCase["fields"][number];
/** An example: the fields a person would fill (a choice by its value) and the text written. */
export type UseCaseExample = UseCase["examples"][number];

/**
 * What the generator island needs of a use case: no SEO, page copy or FAQ (and no
 * instructions, which only the server reads). On the use case's own page, its first
 * example too, for "Try this example"; the list the picker loads (use-cases.json) leaves
 * the examples out, as the home page never shows them.
 */
export type UseCaseForForm = Pick<
  UseCase,
  | "slug"
  | "name"
  | "category"
  | "summary"
  | "contentType"
  | "tone"
  | "length"
  | "fields"
  | "opensOnChanges"
> & { example?: UseCaseExample };

export function useCaseForForm(
  useCase: UseCase,
  { withExample = false }: { withExample?: boolean } = {},
): UseCaseForForm {
  const { slug, name, category, summary, contentType, tone, length, fields, opensOnChanges } =
    useCase;
  const form = { slug, name, category, summary, contentType, tone, length, fields, opensOnChanges };
  return withExample ? { ...form, example: useCase.examples[0]! } : form;
}
