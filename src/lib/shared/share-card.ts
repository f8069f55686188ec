import { localizedPath, type PageLanguage } from "./page-language.ts";
import { SITE_NAME } from "./site.ts";

/**
 * The picture a link to a page shows where it is shared (Open Graph, X): a PNG drawn at
 * build for each use case and category page in each language, and one for the rest of the
 * site (src/pages/og/[...path].png.ts draws them; Seo.astro names them).
 */

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/**
 * The card of a page under /write (a use case's or a category's, `/write/<id>`), in a
 * language: /og/ and the page's own path.
 */
export function ogImagePath(id: string, language: PageLanguage = "en"): string {
  return `/og${localizedPath(`/write/${id}`, language)}.png`;
}

/** The card of a page that has none of its own: the site's name and what it does. */
export function siteOgImagePath(language: PageLanguage = "en"): string {
  return `/og${localizedPath("/site", language)}.png`;
}

/** A card in words (og:image:alt): its title, then its label, then the site's name. */
export function shareCardAlt(...parts: string[]): string {
  return [...parts, SITE_NAME].join(" · ");
}
