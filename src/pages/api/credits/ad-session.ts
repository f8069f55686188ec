import type { APIRoute } from "astro";
import { systemNow } from "../../../lib/server/clock.ts";
import { getConfig } from "../../../lib/server/config.ts";
import { startAdSession } from "../../../lib/server/credits/ads.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readEmptyJsonBody } from "../../../lib/server/http/api.ts";
import { requireUser } from "../../../lib/server/http/auth-guards.ts";

export const prerender = false;

/** Starts the 15-second ad on the server; the client shows the countdown to `readyAt`. */
export const POST: APIRoute = async ({ request, locals }) => {
  await readEmptyJsonBody(request);
  const user = requireUser(locals);
  const session = await startAdSession(
    await getDb(),
    user,
    systemNow(),
    getConfig().AD_WATCH_SECONDS,
  );
  return jsonResponse({ success: true, ...session }, { status: 201 });
};
