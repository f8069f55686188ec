import type { APIRoute } from "astro";
import { getDb } from "#server/db/index.ts";
import { findGuest } from "#server/credits/guests.ts";
import { listGuestTexts } from "#server/generation/guest-texts.ts";
import { jsonResponse, jsonTextResponse } from "#server/http/api.ts";
import { readGuestCookie } from "#server/http/guest.ts";
import { budgetedJson } from "#server/rate-limit/read-budget.ts";

export const prerender = false;

/**
 * GET /api/email/trial: this browser's guest's own texts, newest first, with their
 * versions (issue 43: the result panel shows them again after a reload). A signed-in user
 * has no trial texts here (theirs are in GET /api/email/my), nor has a browser without a
 * guest.
 */
export const GET: APIRoute = async ({ locals, cookies, url }) => {
  if (locals.user) return jsonResponse({ success: true, generations: [] });
  const db = await getDb();
  const guest = await findGuest(db, readGuestCookie(cookies, url));
  if (!guest) return jsonResponse({ success: true, generations: [] });
  const owner = { kind: "guest", guestId: guest.id, addressHash: guest.addressHash } as const;
  return jsonTextResponse(
    await budgetedJson({ owner, network: locals.clientNetwork }, async () => ({
      success: true,
      generations: await listGuestTexts(db, guest.id),
    })),
  );
};
