import type { APIRoute } from "astro";
import { editedTextSchema } from "#shared/schemas/generation.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { saveEditedVersion } from "#server/generation/generations.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { existingOwner } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** An edited text's JSON: its characters, escaped, with room for the other field. */
const EDIT_BODY_BYTES = 512 * 1024;

/** Edit → Save: the caller's text, changed by hand, kept as a new free version. */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { parentId, text } = await readJsonBody(request, editedTextSchema, {
    maxBytes: EDIT_BODY_BYTES,
  });
  const db = await getDb();
  const owner = await existingOwner(db, locals, cookies, url);
  if (!owner) throw failure("NOT_FOUND", "textNotFound");
  await consumeRateLimit("editByOwner", owner.kind === "user" ? owner.userId : owner.guestId);
  const saved = await saveEditedVersion(db, owner, parentId, text, systemNow());
  if (!saved) throw failure("NOT_FOUND", "textNotFound");
  return jsonResponse({ success: true, generationId: saved.generationId });
};
