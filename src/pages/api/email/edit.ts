import type { APIRoute } from "astro";
import { editedTextSchema } from "#shared/schemas/generation.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { guestNetworkFull, saveEditedVersion } from "#server/generation/edited-versions.ts";
import { EDIT_BODY_BYTES, jsonResponse, readJsonBody } from "#server/http/api.ts";
import { existingOwner } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/**
 * Edit → Save: the caller's text, changed by hand, kept as a new free version; a text one
 * of its versions already holds is answered with that version (`created: false`).
 */
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
  if (saved === "textFull") throw failure("VALIDATION_ERROR", "editsPerTextFull");
  if (saved === "networkFull") throw guestNetworkFull("editsGuestNetworkFull");
  return jsonResponse({
    success: true,
    generationId: saved.generationId,
    created: saved.created,
  });
};
