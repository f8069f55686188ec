import type { APIRoute } from "astro";
import { generationIdSchema } from "#shared/schemas/generation.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { cancelGeneration } from "#server/generation/stop.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { existingOwner } from "#server/http/guest.ts";

export const prerender = false;

/**
 * Stop: the caller's text being written, on whichever instance writes it, ends with the
 * words that reached the caller, which cost their share (nothing delivered: refunded).
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { generationId } = await readJsonBody(request, generationIdSchema);
  const db = await getDb();
  const owner = await existingOwner(db, locals, cookies, url);
  const cancelled = owner ? await cancelGeneration(db, generationId, owner, systemNow()) : false;
  return jsonResponse({ success: true, cancelled });
};
