import { interfaceLanguage, LANGUAGE_KEY } from "#shared/interface-language.ts";

export { LANGUAGE_KEY };
/** Spec §3: fired on window when the language changes. */
export const LANGUAGE_CHANGE_EVENT = "languageChange";

/** The visitor's chosen language, without loading any store (the site frame reads it). */
export function storedLanguage(): string {
  try {
    return localStorage.getItem(LANGUAGE_KEY) || "english";
  } catch {
    return "english";
  }
}

/**
 * Shows the page in the chosen language: CSS shows the words of `<html lang>` (decision
 * 099). The head script sets it before first paint; this follows a change on the page or
 * in another tab.
 */
export function applyInterfaceLanguage(): void {
  document.documentElement.lang = interfaceLanguage(storedLanguage());
}
