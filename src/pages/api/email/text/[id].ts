import type { APIRoute } from "astro";
import { isUuid } from "#shared/format.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { findFinishedText } from "#server/generation/generations.ts";
import { jsonTextResponse } from "#server/http/api.ts";
import { existingOwner, readGuestCookie } from "#server/http/guest.ts";
import { budgetedJson } from "#server/rate-limit/read-budget.ts";

export const prerender = false;

/**
 * GET /api/email/text/{id}: one of the caller's versions, whole, for a list answer that
 * left its text out (issue 24). Another's id answers 404 like a missing one.
 */
export const GET: APIRoute = async ({ locals, cookies, url, params }) => {
  const id = params.id ?? "";
  if (!isUuid(id)) throw failure("NOT_FOUND", "textNotFound");
  const reader = {
    user: locals.user,
    guestCookie: readGuestCookie(cookies, url),
    network: locals.clientNetwork,
  };
  return jsonTextResponse(
    await budgetedJson(reader, async () => {
      const db = await getDb();
      const owner = await existingOwner(db, locals, cookies, url);
      const found = owner ? await findFinishedText(db, owner, id) : null;
      if (!found) throw failure("NOT_FOUND", "textNotFound");
      return { success: true, id, generatedContent: found.text };
    }),
  );
};
