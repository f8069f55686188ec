import { creditsWords, type CreditsKey } from "#i18n/credits.ts";
import { messages, type MessageKey } from "#i18n/messages.ts";
import { pageWords } from "#i18n/pages.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import { writeWords } from "#i18n/write.ts";
import { SAME_IN_BOTH } from "./i18n-same.ts";

/**
 * English texts of the catalog that may show on a Turkish page, each with the reason:
 * every other key's English text is one the Turkish interface must never show.
 */
const PROPER_NAMES: Partial<Record<MessageKey | CreditsKey, string>> = {
  "languageName.english": "English names itself so in the language selects: “English (İngilizce)”",
  "ad.label":
    "“Ad” is also a Turkish word (“name”, as in the profile's “Ad”): its Turkish text, “Reklam”, is checked by the unit test",
};

export interface EnglishWords {
  key: string;
  text: string;
  pattern: RegExp;
}

/**
 * Every English text of the catalog, of the use-case picker's own (loaded with it), of the
 * credits page's and of the pages' own words (/write's, the content pages'), as a pattern
 * that finds it in a page's text.
 */
export const ENGLISH: EnglishWords[] = [
  ...(Object.entries(messages.en) as [MessageKey, string][]).filter(
    ([key]) => !(key in SAME_IN_BOTH) && !(key in PROPER_NAMES),
  ),
  ...Object.entries(creditsWords.en).filter(([key]) => !(key in PROPER_NAMES)),
  ...Object.entries(useCaseWords.en),
  ...Object.entries({ ...pageWords.en, ...writeWords.en }),
].map(([key, text]) => ({ key, text, pattern: patternOf(text) }));

/** The English texts found in a page's text, as "key: text". */
export function englishIn(text: string): string[] {
  return ENGLISH.filter(({ pattern }) => pattern.test(text)).map(
    ({ key, text: english }) => `${key}: ${english}`,
  );
}

/** Placeholders match any text; words match whole, not inside a longer word. */
function patternOf(text: string): RegExp {
  const parts = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const edge = (s: string, at: "start" | "end") =>
    /\p{L}/u.test(at === "start" ? s.charAt(0) : s.charAt(s.length - 1));
  const body = parts.join(".+?");
  return new RegExp(
    `${edge(text, "start") ? "(?<![\\p{L}\\p{N}])" : ""}${body}${edge(text, "end") ? "(?![\\p{L}\\p{N}])" : ""}`,
    "u",
  );
}
