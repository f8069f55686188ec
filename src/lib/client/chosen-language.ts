/** Spec §3: the chosen output language is kept under `selectedLanguage`. */
export const LANGUAGE_KEY = "selectedLanguage";
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
