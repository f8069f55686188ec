import type { APIRoute } from "astro";
import type { MadeInvite } from "#shared/api/signup.ts";
import { newInviteSchema } from "#shared/schemas/signup.ts";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { requireOperator } from "#server/console/operators.ts";
import { makeInvite } from "#server/console/signup.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** POST /api/console/signup/invites: a new invite link, shown in this answer only (audited). */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const input = await readJsonBody(request, newInviteSchema);
  const db = await getDb();
  const made = await makeInvite(db, operator, input, systemNow(), getConfig().PUBLIC_URL);
  const body: MadeInvite = { success: true, message: "The invite is made.", ...made };
  return jsonResponse(body, { status: 201 });
};
