import type { APIRoute } from "astro";
import { textFolderSchema } from "#shared/schemas/folders.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { fileText } from "#server/folders/folders.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/**
 * POST /api/email/text/{id}/folder `{ folderId | null }`: files one of the caller's texts,
 * by any of its versions' ids, with every version; null takes it out of its folder.
 * Another's text or folder answers 404.
 */
export const POST: APIRoute = async ({ request, locals, params }) => {
  const user = requireUser(locals);
  const { folderId } = await readJsonBody(request, textFolderSchema);
  await consumeRateLimit("foldersByAccount", user.id);
  const filed = await fileText(await getDb(), user.id, params.id ?? "", folderId);
  if (!filed) throw failure("NOT_FOUND", "textNotFound");
  return jsonResponse(filed);
};
