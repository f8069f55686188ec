import type { APIRoute } from "astro";
import { domainPlanSchema } from "#shared/schemas/plan.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { setDomainPlan } from "#server/console/plans.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/domain-plan: an e-mail domain's named plan (or none: planId null). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const choice = await readJsonBody(request, domainPlanSchema);
  await setDomainPlan(await getDb(), operator, choice, systemNow());
  return jsonResponse({ success: true, message: "The domain's plan is set." });
};
