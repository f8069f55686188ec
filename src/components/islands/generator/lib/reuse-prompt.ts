import { pathWithoutLanguage } from "#shared/page-language.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";

/** "Use this prompt again" (history → generator): one request, carried in this tab only. */
const KEY = "atg:reuse-prompt";

/**
 * The form's values as the page is left (issue 27), for this tab, under its address without
 * its language: its other language's address (/tr/write/x for /write/x) shows them again,
 * as does a reload. The language is left out: the address says it.
 */
export const formMemoryKey = (): string => `atg:form:${pathWithoutLanguage(location.pathname)}`;

/** A request to write again, or the form as it was left: then without its language. */
export type ReusablePrompt = Pick<
  GenerationRequestBody,
  "content" | "contentType" | "tone" | "length" | "useCase" | "fields" | "voiceId"
> &
  Partial<Pick<GenerationRequestBody, "language">>;

export function savePromptForReuse(prompt: ReusablePrompt, key = KEY): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(prompt));
  } catch {
    // Storage refused (private mode): the generator opens empty.
  }
}

/** The prompt saved for the generator, once: reading it removes it. */
export function takePromptForReuse(key = KEY): ReusablePrompt | null {
  try {
    const raw = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ReusablePrompt>;
    return typeof value.content === "string" ? (value as ReusablePrompt) : null;
  } catch {
    return null;
  }
}
