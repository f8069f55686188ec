/**
 * The interface's language is the page's `<html lang>`: "tr" when Turkish is the chosen
 * language, "en" otherwise (decision 099). Pages carry their words in both languages and CSS
 * shows the ones of `<html lang>` (global.css, `data-ui-lang`), so the page paints in the
 * chosen language from its first frame.
 */

/** Spec §3: the chosen output language is kept under `selectedLanguage`. */
export const LANGUAGE_KEY = "selectedLanguage";

/**
 * Runs inline in <head> before first paint, as the theme's script does. astro.config.ts adds
 * this exact text's SHA-256 to the CSP, so edit it only here.
 */
export const languageInitScript = `(function(){try{if(localStorage.getItem("${LANGUAGE_KEY}")==="turkish")document.documentElement.lang="tr"}catch(e){}})();`;

/** The interface language of a chosen output language. */
export function interfaceLanguage(chosen: string): "tr" | "en" {
  return chosen === "turkish" ? "tr" : "en";
}
