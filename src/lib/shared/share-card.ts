import { SITE_NAME } from "./site.ts";
import type { Localized } from "./use-cases.ts";

/**
 * The picture a link to a page shows where it is shared (Open Graph, X): a PNG drawn at
 * build for each use case and category page in each language, and one for the rest of the
 * site (src/pages/og/[...path].png.ts draws them; Seo.astro names them).
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

export type PageLanguage = keyof Localized;
/** Og:locale's values for the site's languages. */
export const OG_LOCALES: Record<PageLanguage, string> = { en: "en_US", tr: "tr_TR" };

/** What a card belongs to: a use case's page, /write/<slug>, or a category's, /write/<id>. */
export type ShareCardKind = "useCase" | "category";

/**
 * A card's site path: /og/ and the page's own path. Use cases and categories share
 * /write/, as their pages do, so the kind only says which one is meant.
 */
export function ogImagePath(
  _kind: ShareCardKind,
  id: string,
  language: PageLanguage = "en",
): string {
  return `/og${language === "tr" ? "/tr" : ""}/write/${id}.png`;
}

/** The card of a page that has none of its own: the site's name and what it does. */
export function siteOgImagePath(language: PageLanguage = "en"): string {
  return `/og${language === "tr" ? "/tr" : ""}/site.png`;
}

/** A card in words (og:image:alt): its title, then its label, then the site's name. */
export function shareCardAlt(...parts: string[]): string {
  return [...parts, SITE_NAME].join(" · ");
}
