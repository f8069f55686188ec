import type { APIRoute } from "astro";
import type { ShareAnswer, ShareList } from "#shared/api/shares.ts";
import { newShareSchema } from "#shared/schemas/shares.ts";
import { systemNow } from "#server/clock.ts";
import { getConfig } from "#server/config.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { createShare, listShares } from "#server/shares/shares.ts";

export const prerender = false;

/** GET /api/shares: the caller's share links, newest first. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const answer: ShareList = {
    success: true,
    shares: await listShares(await getDb(), user.id, getConfig().PUBLIC_URL),
  };
  return jsonResponse(answer);
};

/** POST /api/shares: a public link to one of the caller's finished versions. */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const { generationId } = await readJsonBody(request, newShareSchema);
  await consumeRateLimit("sharesByAccount", user.id);
  const shared = await createShare(
    await getDb(),
    user,
    generationId,
    systemNow(),
    getConfig().PUBLIC_URL,
  );
  const answer: ShareAnswer = { success: true, ...shared };
  return jsonResponse(answer, { status: shared.created ? 201 : 200 });
};
