import type { APIRoute } from "astro";
import { adSessionIdSchema } from "../../../lib/shared/schemas/credits.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { claimAdReward } from "../../../lib/server/credits/ads.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { requireUser } from "../../../lib/server/http/auth-guards.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const { adSessionId } = await readJsonBody(request, adSessionIdSchema);
  const user = requireUser(locals);
  await consumeRateLimit("watchAdByAddress", locals.clientAddress);
  await consumeRateLimit("watchAdByAccount", user.id);
  const reward = await claimAdReward(await getDb(), user, adSessionId, systemNow());
  return jsonResponse({ success: true, message: "Credits Earned!", ...reward });
};
