import { interfaceLanguage, LANGUAGE_KEY } from "#shared/interface-language.ts";
import { hasLanguageAddresses, linkIn, localizedPath } from "#shared/page-language.ts";

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
 * Where to send the visitor for a page of the site (`/`, `/write`…): its address in the
 * chosen language, so that a Turkish visitor signing in or out stays in Turkish.
 */
export function pageInChosenLanguage(path: string): string {
  return linkIn(interfaceLanguage(storedLanguage()), path);
}

/** The language of a page with an address in each language; undefined elsewhere. */
function pageLanguage(): string | undefined {
  return document.documentElement.dataset.pageLanguage;
}

/**
 * Shows the page in the chosen language. A page with an address in each language goes to
 * its other address, where what was typed comes back (the form keeps it for the tab);
 * another page shows the words of its new `<html lang>` (CSS, decision 099). The head
 * script set both right before first paint; this follows a choice made on the page.
 */
export function applyInterfaceLanguage(): void {
  const wanted = interfaceLanguage(storedLanguage());
  const page = pageLanguage();
  if (!page) {
    document.documentElement.lang = wanted;
    linkPagesInLanguage(wanted);
  } else if (wanted !== page) {
    // The page names its address in each language (Seo.astro), as the build's origin wrote it.
    const other = document.querySelector<HTMLLinkElement>(`link[hreflang="${wanted}"]`)!;
    location.assign(new URL(other.href).pathname + location.search + location.hash);
  }
}

/**
 * On a page without its own address in each language, a link to a page that has them goes
 * to the one in the visitor's language (the server wrote the English address).
 */
function linkPagesInLanguage(language: "en" | "tr"): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-page-link]")) {
    const path = link.dataset.pageLink!;
    link.href = hasLanguageAddresses(path) ? localizedPath(path, language) : path;
  }
}

/**
 * Follows a language chosen in another tab, on a page that shows the chosen language; a page
 * in a language of its own stays as its address says.
 */
export function followOtherTabs(): void {
  if (!pageLanguage()) applyInterfaceLanguage();
}

/** The site's language switch: Turkish or English chosen, as the form's choice would. */
export function chooseInterfaceLanguage(language: "en" | "tr"): void {
  try {
    localStorage.setItem(LANGUAGE_KEY, language === "tr" ? "turkish" : "english");
  } catch {
    // The page still changes.
  }
  window.dispatchEvent(new CustomEvent(LANGUAGE_CHANGE_EVENT, { detail: language }));
}
