import type { APIRoute } from "astro";
import type { SignupOverview } from "#shared/api/signup.ts";
import { signupRulesSchema } from "#shared/schemas/signup.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { setSignupRules } from "#server/console/signup.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { listInvites } from "#server/signup/invites.ts";
import { readSignupRules } from "#server/signup/rules.ts";

export const prerender = false;

/** GET /api/console/signup: the sign-up rule and the invites, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  requireOperator(locals);
  const db = await getDb();
  const [rules, invites] = await Promise.all([readSignupRules(db), listInvites(db, systemNow())]);
  return jsonResponse({ success: true, rules, invites } satisfies SignupOverview);
};

/** POST /api/console/signup: sets who may register (audited). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const input = await readJsonBody(request, signupRulesSchema);
  const rules = await setSignupRules(await getDb(), operator, input, systemNow());
  return jsonResponse({ success: true, message: "The sign-up rule is saved.", rules });
};
