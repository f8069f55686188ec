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
  const guestCookie = readGuestCookie(cookies, url);
  if (locals.user || !guestCookie) return jsonResponse({ success: true, generations: [] });
  const reader = { user: null, guestCookie, network: locals.clientNetwork };
  return jsonTextResponse(
    await budgetedJson(reader, async () => {
      const db = await getDb();
      const guest = await findGuest(db, guestCookie);
      return { success: true, generations: guest ? await listGuestTexts(db, guest.id) : [] };
    }),
  );
};
