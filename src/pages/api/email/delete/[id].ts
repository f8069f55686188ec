import type { APIRoute } from "astro";
import { isUuid } from "#shared/format.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { deleteHistoryItem } from "#server/generation/history.ts";
import { jsonResponse } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";

export const prerender = false;

/** Deletes one of the caller's texts; another user's id answers 404 like a missing one. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  const id = params.id ?? "";
  if (!isUuid(id) || !(await deleteHistoryItem(await getDb(), user.id, id))) {
    throw failure("NOT_FOUND", "textNotFound");
  }
  return jsonResponse({ success: true, message: "Text deleted successfully" });
};
