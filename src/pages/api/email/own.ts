import type { APIRoute } from "astro";
import { ownTextSchema } from "#shared/schemas/own-text.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { guestNetworkFull } from "#server/generation/edited-versions.ts";
import { ownTextTooLong, saveOwnText } from "#server/generation/own-texts.ts";
import { OWN_TEXT_BODY_BYTES, jsonResponse, readJsonBody } from "#server/http/api.ts";
import { payingOwnerOf } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/**
 * "Start from my text" (issue 26): the caller's own text kept as a free first version; the
 * same text kept before is answered with that version (`created: false`). A guest without
 * a cookie gets one, as for a text, but no trial text is used.
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, ownTextSchema, { maxBytes: OWN_TEXT_BODY_BYTES });
  if (body.text.length > MAX_OWN_TEXT_CHARS) throw ownTextTooLong(body.text.length, "text");
  await consumeRateLimit("ownTextByAddress", locals.clientNetwork);
  const db = await getDb();
  // Free: a guest is made even where the network's trial is used up.
  const owner = await payingOwnerOf(db, locals, cookies, url, systemNow(), false);
  await consumeRateLimit("editByOwner", owner.kind === "user" ? owner.userId : owner.guestId);
  const saved = await saveOwnText(db, owner, body, systemNow());
  if (saved === "networkFull") throw guestNetworkFull("ownTextGuestNetworkFull");
  return jsonResponse({
    success: true,
    generationId: saved.generationId,
    created: saved.created,
    item: saved.item,
  });
};
