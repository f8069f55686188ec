import type { APIRoute } from "astro";
import { accountActionSchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { verifyByOperator } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/verify: marks an account's address verified by hand. */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const { userId } = await readJsonBody(request, accountActionSchema);
  await verifyByOperator(await getDb(), operator, userId, systemNow());
  return jsonResponse({ success: true, message: "The account is verified." });
};
