/**
 * The interface's language is the page's `<html lang>`. A page with an address in each
 * language (page-language.ts) is in its address's language, written by the server
 * (decision 068). Other pages are in the chosen language: "tr" when Turkish is chosen, "en"
 * otherwise; they carry their words in both and CSS shows those of `<html lang>` (global.css,
 * `data-ui-lang`), so they paint in the chosen language from their first frame (decision 099).
 */

/** Spec §3: the chosen output language is kept under `selectedLanguage`. */
export const LANGUAGE_KEY = "selectedLanguage";

/**
 * Runs inline in <head> before first paint, as the theme's script does. On a page in a
 * language of its own, the chosen language follows the page (Turkish there is Turkish
 * chosen, spec §3; English there ends a Turkish choice, as choosing it would), so that
 * islands and the pages without one follow; elsewhere the page follows the choice.
 * astro.config.ts adds this exact text's SHA-256 to the CSP, so edit it only here.
 */
export const languageInitScript = `(function(){try{var d=document.documentElement,p=d.getAttribute("data-page-language"),k="${LANGUAGE_KEY}",s=localStorage.getItem(k);if(p){if((p=="tr")!=(s=="turkish"))localStorage.setItem(k,p=="tr"?"turkish":"english")}else if(s=="turkish")d.lang="tr"}catch(e){}})();`;

/** The interface language of a chosen output language. */
export function interfaceLanguage(chosen: string): "tr" | "en" {
  return chosen === "turkish" ? "tr" : "en";
}
