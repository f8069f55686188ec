import type { APIRoute } from "astro";
import { namedPlanSchema } from "#shared/schemas/plan.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { createNamedPlan } from "#server/console/plans.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/named-plans: makes a named plan (a name and a weekly allowance). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const input = await readJsonBody(request, namedPlanSchema);
  const { id } = await createNamedPlan(await getDb(), operator, input, systemNow());
  return jsonResponse({ success: true, message: "The plan is made.", id }, { status: 201 });
};
