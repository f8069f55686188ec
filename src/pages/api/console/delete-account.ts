import type { APIRoute } from "astro";
import { operatorDeletionSchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { deleteByOperator } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/delete-account: deletes an account, its address typed again to confirm. */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const target = await readJsonBody(request, operatorDeletionSchema);
  await deleteByOperator(await getDb(), operator, target, systemNow());
  return jsonResponse({ success: true, message: "The account has been deleted." });
};
