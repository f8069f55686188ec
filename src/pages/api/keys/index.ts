import type { APIRoute } from "astro";
import type { ApiKeyList, NewApiKeyAnswer } from "#shared/api/api-keys.ts";
import { MAX_API_KEYS } from "#shared/api-keys.ts";
import { newApiKeySchema } from "#shared/schemas/api-keys.ts";
import { createApiKey, listApiKeys } from "#server/api-keys/api-keys.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** GET /api/keys: the caller's active API keys, newest first; never a key itself. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const answer: ApiKeyList = {
    success: true,
    keys: await listApiKeys(await getDb(), user.id),
    limit: MAX_API_KEYS,
  };
  return jsonResponse(answer);
};

/** POST /api/keys: a new named key for a verified account, shown in full this once (201). */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const { name } = await readJsonBody(request, newApiKeySchema);
  await consumeRateLimit("apiKeysByAccount", user.id);
  const answer: NewApiKeyAnswer = {
    success: true,
    ...(await createApiKey(await getDb(), user, name, systemNow())),
  };
  return jsonResponse(answer, { status: 201, headers: { "Cache-Control": "no-store" } });
};
