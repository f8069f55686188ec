import type { APIRoute } from "astro";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { creditStatusForGuest, creditStatusForUser } from "#server/credits/status.ts";
import { getDb } from "#server/db/index.ts";
import { hashAddress } from "#server/keys/address-hash.ts";
import { jsonResponse } from "#server/http/api.ts";
import { currentGuest } from "#server/http/guest.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals, cookies, url }) => {
  const db = await getDb();
  const now = systemNow();
  if (locals.user) {
    // An unverified account draws on its network's trial texts (decision 084).
    const trialAddress = locals.user.emailVerified
      ? undefined
      : await hashAddress(db, locals.clientNetwork);
    const status = await creditStatusForUser(
      db,
      locals.user.id,
      now,
      getConfig().AD_WATCH_SECONDS,
      trialAddress,
    );
    return jsonResponse({ success: true, ...status });
  }
  const { guest, addressHash } = await currentGuest(db, cookies, url, locals.clientNetwork);
  return jsonResponse({
    success: true,
    ...(await creditStatusForGuest(db, guest, addressHash, now)),
  });
};
