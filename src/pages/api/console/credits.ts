import type { APIRoute } from "astro";
import { creditAdjustmentSchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { adjustCredits } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/credits: grant credits (delta > 0) or take them back (delta < 0). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const adjustment = await readJsonBody(request, creditAdjustmentSchema);
  const { credits } = await adjustCredits(await getDb(), operator, adjustment, systemNow());
  return jsonResponse({
    success: true,
    message: adjustment.delta > 0 ? "Credits granted." : "Credits taken back.",
    credits,
  });
};
