import type { APIRoute } from "astro";
import { generationIdSchema } from "../../../lib/shared/schemas/generation.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { cancelGeneration } from "../../../lib/server/generation/service.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { existingOwner } from "../../../lib/server/http/guest.ts";

export const prerender = false;

/** Stop: cancels the caller's running generation (refunded if no text was written yet). */
export const POST: APIRoute = async ({ request, locals, cookies }) => {
  const { generationId } = await readJsonBody(request, generationIdSchema);
  const owner = await existingOwner(await getDb(), locals, cookies);
  const cancelled = owner ? cancelGeneration(generationId, owner) : false;
  return jsonResponse({ success: true, cancelled });
};
