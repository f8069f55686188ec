/**
 * Each public page has an address in each of the site's two languages: `/write` in English
 * and `/tr/write` in Turkish (issue 27, decision 068). The address says the page's language,
 * so a search engine, a shared link and a visitor all see the same page; pages behind a
 * sign-in (credits, profile…) have one address and follow the visitor's choice (099).
 */

import { PUBLIC_PATHS } from "./public-routes.ts";

export const PAGE_LANGUAGES = ["en", "tr"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** The prefix of the Turkish addresses. */
const TURKISH_PREFIX = "/tr";

/** Open Graph's name of each language's locale. */
export const OG_LOCALES: Record<PageLanguage, string> = { en: "en_US", tr: "tr_TR" };

/** The language an address is in: Turkish under /tr, English otherwise. */
export function pathLanguage(pathname: string): PageLanguage {
  return pathname === TURKISH_PREFIX || pathname.startsWith(`${TURKISH_PREFIX}/`) ? "tr" : "en";
}

/** The address without its language: `/tr/write` → `/write`, `/tr` → `/`. */
export function pathWithoutLanguage(pathname: string): string {
  if (pathLanguage(pathname) === "en") return pathname;
  return pathname.slice(TURKISH_PREFIX.length) || "/";
}

/** The page at `path` (an English address) in `language`. */
export function localizedPath(path: string, language: PageLanguage): string {
  if (language === "en") return path;
  return path === "/" ? TURKISH_PREFIX : `${TURKISH_PREFIX}${path}`;
}

/** The same page's address in the other language. */
export function otherLanguagePath(pathname: string): string {
  const language = pathLanguage(pathname);
  return localizedPath(pathWithoutLanguage(pathname), language === "en" ? "tr" : "en");
}

/**
 * The pages that have an address in each language: the indexable ones (public-routes.ts)
 * and everything under /write. A link to one of them from a page in Turkish goes to its
 * Turkish address.
 */
export function hasLanguageAddresses(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path) || path.startsWith("/write/");
}

/** A link from a page in `language` to `href`: the Turkish address of a page that has one. */
export function linkIn(language: PageLanguage | undefined, href: string): string {
  return language === "tr" && hasLanguageAddresses(href) ? localizedPath(href, "tr") : href;
}
