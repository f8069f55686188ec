/**
 * Spec §9 and DESIGN §5: what can be asked for. Order is the order of the selects. `native`
 * is the language's own name; `label` names it to the writer (prompts). The interface names
 * languages through the catalog (src/i18n).
 */
export const LANGUAGES = [
  { id: "english", tag: "en", native: "English", label: "English" },
  { id: "turkish", tag: "tr", native: "Türkçe", label: "Türkçe (Turkish)" },
  { id: "german", tag: "de", native: "Deutsch", label: "Deutsch (German)" },
  { id: "spanish", tag: "es", native: "Español", label: "Español (Spanish)" },
  { id: "french", tag: "fr", native: "Français", label: "Français (French)" },
  { id: "chinese", tag: "zh-Hans", native: "中文", label: "中文 (Chinese)" },
  { id: "hindi", tag: "hi", native: "हिन्दी", label: "हिन्दी (Hindi)" },
  { id: "arabic", tag: "ar", native: "العربية", label: "العربية (Arabic)" },
  { id: "portuguese", tag: "pt", native: "Português", label: "Português (Portuguese)" },
  { id: "russian", tag: "ru", native: "Русский", label: "Русский (Russian)" },
] as const;

/** Their names are in the catalog (src/i18n, `contentType.*`). */
export const CONTENT_TYPES = [
  { id: "email" },
  { id: "article" },
  { id: "essay" },
  { id: "story" },
  { id: "letter" },
  { id: "blog" },
  { id: "report" },
  { id: "review" },
  { id: "proposal" },
  { id: "creative" },
] as const;

/**
 * The tones a text may take (DESIGN §5: at least twelve). Their names are in the catalog
 * (src/i18n, `tone.*`); the writer's instructions for each are data on the server
 * (src/lib/server/generation/tones.json).
 */
export const TONES = [
  "standard",
  "formal",
  "friendly",
  "persuasive",
  "concise",
  "confident",
  "empathetic",
  "enthusiastic",
  "casual",
  "inspirational",
  "humorous",
  "academic",
  "diplomatic",
] as const;
export const LENGTHS = ["short", "medium", "long"] as const;

export type Language = (typeof LANGUAGES)[number]["id"];
export type ContentType = (typeof CONTENT_TYPES)[number]["id"];
export type Tone = (typeof TONES)[number];
export type Length = (typeof LENGTHS)[number];

export const LANGUAGE_IDS = LANGUAGES.map((l) => l.id) as [Language, ...Language[]];
export const CONTENT_TYPE_IDS = CONTENT_TYPES.map((c) => c.id) as [ContentType, ...ContentType[]];

/** Approximate words per length (DESIGN §5). */
export const LENGTH_WORDS: Record<Length, number> = { short: 120, medium: 300, long: 700 };

/** The default length of each kind of text when none is asked for. */
export const DEFAULT_LENGTH: Record<ContentType, Length> = {
  email: "short",
  letter: "short",
  review: "short",
  article: "medium",
  essay: "medium",
  story: "medium",
  blog: "medium",
  report: "medium",
  proposal: "medium",
  creative: "medium",
};

/** The whole-text follow-ups to a finished text the result panel offers (issue 10). */
export const REFINEMENTS = ["shorter", "longer", "formal", "friendlier", "translate"] as const;
export type Refinement = (typeof REFINEMENTS)[number];

/**
 * Every action a follow-up may take (issue 43), each making one new version of a text: the
 * whole text, or with a passage only that passage. `continue` writes on from a point;
 * `instruction` follows the person's own words ("make the second paragraph warmer").
 */
export const REFINE_ACTIONS = [
  ...REFINEMENTS,
  "rephrase",
  "simpler",
  "grammar",
  "continue",
  "instruction",
] as const;
export type RefineAction = (typeof REFINE_ACTIONS)[number];

/** The most characters of a person's own instruction ("Ask…", issue 43). */
export const MAX_INSTRUCTION_CHARS = 500;

/**
 * The longest passage a change takes, in UTF-16 units as its offsets: about what a writer
 * writes back in one answer of a long text's budget (2,000 tokens). A longer one would come
 * back cut short, and the text with it: that is a change to the whole text.
 */
export const MAX_PASSAGE_CHARS = 6_000;

/** Regenerate asks for variant 2, 3, … of one request; more than this is not a session's. */
export const MAX_VARIANT = 50;

export const MAX_PROMPT_CHARS = 4000;
/** An edited text may be as long as the longest a writer writes, with room to spare. */
export const MAX_EDITED_TEXT_CHARS = 60_000;
/** Versions saved by hand that one text keeps: a writer's afternoon, not a store of files. */
export const MAX_EDITS_PER_TEXT = 50;
export const MAX_SUBJECT_CHARS = 200;

/** How the writer's prompt names a language ("Deutsch (German)"). */
export function languageLabel(id: string): string {
  return LANGUAGES.find((l) => l.id === id)?.label ?? id;
}

/** Words in a text, for the result panel's count (CJK characters count one each). */
export function countWords(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  const words = text.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, " ").match(/\S+/g)?.length ?? 0;
  return words + cjk;
}

/** The BCP 47 tag of a language id ("arabic" → "ar"), for `lang` attributes and documents. */
export function languageTag(language: string | null | undefined): string {
  return LANGUAGES.find((l) => l.id === language)?.tag ?? "en";
}

/** Spec §3 languages written right to left (Arabic); results and history rows follow it. */
export function textDirection(language: string | null | undefined): "rtl" | "ltr" {
  return language === "arabic" ? "rtl" : "ltr";
}
