import type { APIRoute } from "astro";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { revokeInviteAsOperator } from "#server/console/signup.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/** DELETE /api/console/signup/invites/{id}: revokes an invite on every instance (audited). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const operator = requireOperator(locals);
  const invite = await revokeInviteAsOperator(
    await getDb(),
    operator,
    params.id ?? "",
    systemNow(),
  );
  return jsonResponse({ success: true, message: "The invite is revoked.", invite });
};
