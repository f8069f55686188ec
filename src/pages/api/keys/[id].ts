import type { APIRoute } from "astro";
import { revokeApiKey } from "#server/api-keys/api-keys.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { jsonResponse } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** DELETE /api/keys/{id}: revokes one of the caller's keys on every instance at once. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  await consumeRateLimit("apiKeysByAccount", user.id);
  if (!(await revokeApiKey(await getDb(), user.id, params.id ?? "", systemNow()))) {
    throw failure("NOT_FOUND", "apiKeyNotFound");
  }
  return jsonResponse({ success: true, message: "The API key has been revoked." });
};
