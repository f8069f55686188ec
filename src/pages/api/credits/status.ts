import type { APIRoute } from "astro";
import { systemNow } from "../../../lib/server/clock.ts";
import { getConfig } from "../../../lib/server/config.ts";
import { creditStatusForGuest, creditStatusForUser } from "../../../lib/server/credits/status.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse } from "../../../lib/server/http/api.ts";
import { currentGuest } from "../../../lib/server/http/guest.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals, cookies }) => {
  const db = await getDb();
  const now = systemNow();
  if (locals.user) {
    const status = await creditStatusForUser(db, locals.user.id, now, getConfig().AD_WATCH_SECONDS);
    return jsonResponse({ success: true, ...status });
  }
  const { guest, addressHash } = await currentGuest(db, cookies, locals.clientAddress);
  return jsonResponse({
    success: true,
    ...(await creditStatusForGuest(db, guest, addressHash, now)),
  });
};
