import type { APIRoute } from "astro";
import { generationIdSchema } from "#shared/schemas/generation.ts";
import { getDb } from "#server/db/index.ts";
import { cancelGeneration } from "#server/generation/service.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { existingOwner } from "#server/http/guest.ts";

export const prerender = false;

/** Stop: cancels the caller's running generation (refunded if no text was written yet). */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { generationId } = await readJsonBody(request, generationIdSchema);
  const owner = await existingOwner(await getDb(), locals, cookies, url);
  const cancelled = owner ? cancelGeneration(generationId, owner) : false;
  return jsonResponse({ success: true, cancelled });
};
