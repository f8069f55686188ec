import type { APIRoute } from "astro";
import type { FolderAnswer, FolderList } from "#shared/api/folders.ts";
import { MAX_FOLDERS } from "#shared/folders.ts";
import { newFolderSchema } from "#shared/schemas/folders.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { createFolder, listFolders } from "#server/folders/folders.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** GET /api/folders: the caller's folders, by name, each with how many texts it holds. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const answer: FolderList = {
    success: true,
    folders: await listFolders(await getDb(), user.id),
    limit: MAX_FOLDERS,
  };
  return jsonResponse(answer);
};

/** POST /api/folders: makes a folder (at most MAX_FOLDERS, names unique per account). */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const folder = await readJsonBody(request, newFolderSchema);
  await consumeRateLimit("foldersByAccount", user.id);
  const answer: FolderAnswer = {
    success: true,
    folder: await createFolder(await getDb(), user.id, folder, systemNow()),
  };
  return jsonResponse(answer, { status: 201 });
};
