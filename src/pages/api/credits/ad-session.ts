import type { APIRoute } from "astro";
import type { AdOffer } from "#shared/ads.ts";
import { chooseHouseAd } from "#server/ads/house.ts";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { startAdSession } from "#server/credits/ads.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readEmptyJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/**
 * Starts the 15-second ad on the server; the client shows the countdown to `readyAt`. An
 * ad already open is answered again (200) instead of a new one (201). `ad` is what the
 * card plays meanwhile: the network's VAST tag first, a house ad chosen by weight as the
 * fallback, or neither.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  await readEmptyJsonBody(request);
  const user = requireUser(locals);
  await consumeRateLimit("adSessionByAddress", locals.clientNetwork);
  await consumeRateLimit("adSessionByAccount", user.id);
  const now = systemNow();
  const { AD_VAST_URL, AD_WATCH_SECONDS } = getConfig();
  const { created, ...session } = await startAdSession(await getDb(), user, now, AD_WATCH_SECONDS);
  const ad: AdOffer = { vastUrl: AD_VAST_URL ?? null, house: await chooseHouseAd(now) };
  return jsonResponse({ success: true, ...session, ad }, { status: created ? 201 : 200 });
};
