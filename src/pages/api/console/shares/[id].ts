import type { APIRoute } from "astro";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { takeDownShare } from "#server/console/shares.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/** DELETE /api/console/shares/{id}: an operator takes a share link down (audited). */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const operator = requireOperator(locals);
  await takeDownShare(await getDb(), operator, params.id ?? "", systemNow());
  return jsonResponse({ success: true, message: "The link has been taken down." });
};
