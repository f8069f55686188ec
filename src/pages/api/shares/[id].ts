import type { APIRoute } from "astro";
import { getDb } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { jsonResponse } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { revokeShare } from "#server/shares/shares.ts";

export const prerender = false;

/** DELETE /api/shares/{id}: revokes one of the caller's links; another's answers 404. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  if (!(await revokeShare(await getDb(), user.id, params.id ?? ""))) {
    throw new AppError("NOT_FOUND", "That share link was not found.");
  }
  return jsonResponse({ success: true, message: "The link has been revoked." });
};
