import type { APIRoute } from "astro";
import { VAST_AD_PREFIX } from "#shared/ads.ts";
import { adEventSchema } from "#shared/schemas/ads.ts";
import { countAdEvent } from "#server/ads/events.ts";
import { findHouseAd } from "#server/ads/house.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";

export const prerender = false;

/**
 * The ad card reports its ad's impression, completion or click, counted per ad for the
 * console. Each ad session counts each event once, for the one ad it showed.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const input = await readJsonBody(request, adEventSchema);
  const user = requireUser(locals);
  let adId: string;
  let adLabel: string;
  if (input.source === "house") {
    const house = await findHouseAd(input.adId);
    if (!house) throw new AppError("NOT_FOUND", "There is no such house ad.");
    adId = house.id;
    adLabel = house.headline;
  } else {
    adId = `${VAST_AD_PREFIX}${input.adId}`;
    adLabel = input.title || input.adId;
  }
  const { adSessionId, event } = input;
  const result = await countAdEvent(
    await getDb(),
    user.id,
    { adSessionId, event, adId, adLabel },
    systemNow(),
  );
  return jsonResponse({ success: true, ...result });
};
