import { getCollection } from "astro:content";
import type { HouseAd } from "#shared/ads.ts";
import { pickByWeight, type Schedule } from "./choose.ts";

/**
 * The house ads' media, built into the site's assets with a hashed address each (the
 * content schema has checked that every ad names one of these files).
 */
const MEDIA_URLS = import.meta.glob<string>("/src/content/ads/*.{svg,png,jpg,jpeg,webp,webm,mp4}", {
  query: "?url",
  import: "default",
  eager: true,
});

const VIDEO = /\.(webm|mp4)$/i;

function mediaUrl(name: string): string {
  const url = MEDIA_URLS[`/src/content/ads/${name}`];
  if (!url) throw new Error(`house ad media ${name} is not in src/content/ads/`);
  return url;
}

export type ScheduledHouseAd = HouseAd & Schedule;

/** Every house ad in src/content/ads/, active or not. */
export async function houseAds(): Promise<ScheduledHouseAd[]> {
  const entries = await getCollection("ads");
  return entries.map(({ id, data }) => ({
    id,
    headline: data.headline,
    text: data.text ?? null,
    alt: data.alt ?? "",
    media: { kind: VIDEO.test(data.media) ? "video" : "image", src: mediaUrl(data.media) },
    link: data.link,
    sponsor: data.sponsor,
    turkish: data.turkish ?? {},
    weight: data.weight,
    activeFrom: data.activeFrom,
    activeUntil: data.activeUntil,
  }));
}

/** One active house ad chosen by weight, as the card receives it; null when none is active. */
export async function chooseHouseAd(now: Date): Promise<HouseAd | null> {
  const chosen = pickByWeight(await houseAds(), now);
  if (!chosen) return null;
  const { weight: _weight, activeFrom: _from, activeUntil: _until, ...ad } = chosen;
  return ad;
}

/** A house ad by its content id, whether active now or not (a click may come after its end). */
export async function findHouseAd(id: string): Promise<HouseAd | null> {
  return (await houseAds()).find((ad) => ad.id === id) ?? null;
}
