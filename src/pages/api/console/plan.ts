import type { APIRoute } from "astro";
import { planNumbersSchema } from "#shared/schemas/plan.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { plansView, savePlanNumbers } from "#server/console/plans.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** GET /api/console/plan: the numbers in force, the defaults and the named plans. */
export const GET: APIRoute = async ({ locals }) => {
  requireOperator(locals);
  return jsonResponse({ success: true, ...(await plansView(await getDb())) });
};

/** POST /api/console/plan: sets the numbers in force (issue 29); audited. */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const numbers = await readJsonBody(request, planNumbersSchema);
  const plan = await savePlanNumbers(await getDb(), operator, numbers, systemNow());
  return jsonResponse({ success: true, message: "The plan is saved.", plan });
};
