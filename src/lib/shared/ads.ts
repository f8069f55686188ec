/** What the "Watch Ad" card may play (issue 27), as the server offers it with an ad session. */

export interface HouseAdCopy {
  headline: string;
  text: string | null;
  alt: string;
}

/** A house ad from src/content/ads/, with its media's address on this site. */
export interface HouseAd extends HouseAdCopy {
  id: string;
  media: { kind: "image" | "video"; src: string };
  link: string;
  sponsor: string;
  /** The same ad's Turkish words, where the marketer wrote them. */
  turkish: Partial<HouseAdCopy>;
}

/**
 * The ad for one ad session: the network's VAST tag to try first, then the house ad, then
 * the card's own default (neither configured).
 */
export interface AdOffer {
  vastUrl: string | null;
  house: HouseAd | null;
}

export const AD_EVENTS = ["impression", "completion", "click"] as const;
export type AdEvent = (typeof AD_EVENTS)[number];

/** House ads are counted by their content id; VAST ads under this prefix and their ad id. */
export const VAST_AD_PREFIX = "vast:";

/** The card's words for a house ad in the selected language. */
export function houseAdCopy(ad: HouseAd, language: string): HouseAdCopy {
  if (language !== "turkish") return ad;
  return {
    headline: ad.turkish.headline ?? ad.headline,
    text: ad.turkish.text ?? ad.text,
    alt: ad.turkish.alt ?? ad.alt,
  };
}
