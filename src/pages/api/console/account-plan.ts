import type { APIRoute } from "astro";
import { accountPlanSchema } from "#shared/schemas/plan.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { setAccountPlan } from "#server/console/plans.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/account-plan: puts an account on a named plan (or none: planId null). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const choice = await readJsonBody(request, accountPlanSchema);
  const { credits } = await setAccountPlan(await getDb(), operator, choice, systemNow());
  return jsonResponse({ success: true, message: "The account's plan is set.", credits });
};
