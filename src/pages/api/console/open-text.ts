import type { APIRoute } from "astro";
import { openTextSchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { openTextByOperator } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/**
 * POST /api/console/open-text: an account's text itself. A POST, not a GET: reading it is
 * an action, recorded in the audit, and no other site may make an operator's browser do it.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const { generationId } = await readJsonBody(request, openTextSchema);
  const text = await openTextByOperator(await getDb(), operator, generationId, systemNow());
  return jsonResponse({ success: true, ...text });
};
