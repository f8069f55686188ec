import type { APIRoute } from "astro";
import type { FolderAnswer } from "#shared/api/folders.ts";
import { folderChangesSchema } from "#shared/schemas/folders.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { deleteFolder, updateFolder } from "#server/folders/folders.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** PATCH /api/folders/{id}: renames a folder or sets its voice; another's answers 404. */
export const PATCH: APIRoute = async ({ request, locals, params }) => {
  const user = requireUser(locals);
  const changes = await readJsonBody(request, folderChangesSchema);
  await consumeRateLimit("foldersByAccount", user.id);
  const folder = await updateFolder(await getDb(), user.id, params.id ?? "", changes);
  if (!folder) throw failure("NOT_FOUND", "folderNotFound");
  const answer: FolderAnswer = { success: true, folder };
  return jsonResponse(answer);
};

/** DELETE /api/folders/{id}: deletes a folder, keeping its texts (unfiled); another's is 404. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  await consumeRateLimit("foldersByAccount", user.id);
  if (!(await deleteFolder(await getDb(), user.id, params.id ?? ""))) {
    throw failure("NOT_FOUND", "folderNotFound");
  }
  return jsonResponse({ success: true, message: "Folder deleted." });
};
