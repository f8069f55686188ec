import { frameEn, frameMessagesFor } from "#i18n/frame.ts";
import { formatDay } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { LANGUAGE_CHANGE_EVENT, LANGUAGE_KEY, storedLanguage } from "./chosen-language.ts";

/**
 * Pages are built (or rendered on the server) in English, where the chosen language is not
 * known: it lives in the browser (spec §3, decision 068). Their own strings carry their
 * catalog key, and are worded here once the page has loaded, and again when the language
 * changes:
 *   data-i18n="key"        the element's text
 *   data-i18n-label="key"  its aria-label
 *   <time data-day>        a date, in the chosen language's own way of writing dates
 * The site frame's keys come with this module; any other key loads the whole catalog,
 * which pages with islands have already loaded.
 */

/** The interface language the page's text is in now, and the language its dates follow. */
let shownText = "en";
let shownDates = "english";
/** Only the last wording counts when the language changes while the catalog loads. */
let pass = 0;

type Catalog = Record<string, string>;

async function catalogFor(language: string, keys: string[]): Promise<Catalog> {
  if (keys.every((key) => key in frameEn)) return frameMessagesFor(language);
  const { messagesFor } = await import("#i18n/messages.ts");
  return messagesFor(language);
}

async function wordPage(language: string): Promise<void> {
  const current = ++pass;
  const text = language === "turkish" ? "tr" : "en";
  if (text !== shownText) {
    const labelled = [...document.querySelectorAll<HTMLElement>("[data-i18n],[data-i18n-label]")];
    const keys = labelled.flatMap((element) =>
      [element.dataset.i18n, element.dataset.i18nLabel].filter((key) => key !== undefined),
    );
    const catalog = await catalogFor(language, keys);
    if (current !== pass) return;
    for (const element of labelled) {
      const { i18n, i18nLabel } = element.dataset;
      if (i18n && catalog[i18n] !== undefined) element.textContent = catalog[i18n];
      if (i18nLabel && catalog[i18nLabel] !== undefined) {
        element.setAttribute("aria-label", catalog[i18nLabel]);
      }
      if (text === "tr") element.lang = "tr";
      else element.removeAttribute("lang");
    }
    shownText = text;
  }
  if (language !== shownDates) {
    for (const time of document.querySelectorAll<HTMLTimeElement>("time[data-day]")) {
      time.textContent = formatDay(time.dateTime, languageTag(language));
    }
    shownDates = language;
  }
}

/** Words the page in the chosen language now, and whenever the visitor changes it. */
export function initPageWords(): void {
  const apply = () => void wordPage(storedLanguage());
  apply();
  window.addEventListener(LANGUAGE_CHANGE_EVENT, apply);
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY || event.key === null) apply();
  });
}

/** The frame's own strings that scripts set (theme and menu buttons), in the chosen language. */
export function frameText(key: keyof typeof frameEn): string {
  return frameMessagesFor(storedLanguage())[key];
}
