import type { Catalog } from "#i18n/catalog.ts";
import { frameWords, type FrameKey } from "#i18n/frame.ts";
import { LANGUAGE_CHANGE_EVENT, LANGUAGE_KEY, storedLanguage } from "./chosen-language.ts";

/**
 * What markup cannot carry in both languages is worded here, once the page has loaded and
 * again when the language changes (decision 068); visible words are in the markup in both
 * languages and chosen by CSS before first paint (Words.astro, decision 099):
 *   data-i18n-label="key"  an element's aria-label
 *   data-i18n="key"        an element's text (the operator console's own catalog)
 * The site frame words its own keys with its part of the catalog (every page loads it, content
 * pages too); pages with islands word all their keys with the whole catalog, and their dates
 * (`formatDates`), through PageWords.astro; the console with its own namespace.
 */
export function initPageWords(
  namespace: Catalog<string>,
  options: { formatDates?: (language: string) => void } = {},
): void {
  const { formatDates } = options;
  /** The interface language the page's text is in now, and the language its dates follow. */
  let shownText = "en";
  let shownDates = "english";
  /** Only the last change counts when the language changes while words load. */
  let pass = 0;
  const apply = async () => {
    const current = ++pass;
    const language = storedLanguage();
    const text = language === "turkish" ? "tr" : "en";
    if (text !== shownText) {
      if (text === "tr") await namespace.load();
      if (current !== pass) return;
      wordElements(namespace.words(language), text);
      shownText = text;
    }
    if (formatDates && language !== shownDates) {
      formatDates(language);
      shownDates = language;
    }
  };
  void apply();
  window.addEventListener(LANGUAGE_CHANGE_EVENT, () => void apply());
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY || event.key === null) void apply();
  });
}

function wordElements(catalog: Record<string, string>, text: "tr" | "en"): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-i18n],[data-i18n-label]")) {
    const { i18n, i18nLabel } = element.dataset;
    const words = i18n === undefined ? undefined : catalog[i18n];
    const label = i18nLabel === undefined ? undefined : catalog[i18nLabel];
    if (words === undefined && label === undefined) continue;
    if (words !== undefined) element.textContent = words;
    if (label !== undefined) element.setAttribute("aria-label", label);
    if (text === "tr") element.lang = "tr";
    else element.removeAttribute("lang");
  }
}

/** The site frame's strings (header, footer, skip link) in the chosen language. */
export function initFrameWords(): void {
  initPageWords(frameWords);
}

/** The frame's own strings that scripts set (theme and menu buttons), in the chosen language. */
export function frameText(key: FrameKey): string {
  return frameWords.translate(storedLanguage(), key);
}
