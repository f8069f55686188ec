import type { APIRoute } from "astro";
import { adSessionIdSchema } from "#shared/schemas/credits.ts";
import { systemNow } from "#server/clock.ts";
import { claimAdReward } from "#server/credits/ads.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const { adSessionId } = await readJsonBody(request, adSessionIdSchema);
  const user = requireUser(locals);
  await consumeRateLimit("watchAdByAddress", locals.clientNetwork);
  await consumeRateLimit("watchAdByAccount", user.id);
  const reward = await claimAdReward(await getDb(), user, adSessionId, systemNow());
  return jsonResponse({ success: true, message: "Credits Earned!", ...reward });
};
