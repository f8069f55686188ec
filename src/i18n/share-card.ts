import { catalog } from "./catalog.ts";

/**
 * The words of the site's share card (src/lib/build/og-image.ts), the picture a link to a
 * page without a card of its own shows: under the site's name, what it does.
 */
export const shareCardWords = catalog(
  { "shareCard.tagline": "Emails, essays, stories and more, written in seconds" },
  { "shareCard.tagline": "E-postalar, denemeler, hikâyeler ve dahası, saniyeler içinde" },
);
