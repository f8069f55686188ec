import { findApiKeyCaller, type ApiKeyCaller } from "#server/api-keys/api-keys.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

/**
 * Where an API key acts for its account (issue 29): generation and history (`/api/email/`),
 * templates, and the versioned API. Everything else (account, password, keys, console,
 * credits earned by ads, pages) answers a key 403, so that a leaked key can write and read
 * texts but never take the account.
 */
const KEY_PATHS = ["/api/email/", "/api/templates/", "/api/v1/"];

export function isApiKeyPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === "/api/templates" || KEY_PATHS.some((prefix) => lower.startsWith(prefix));
}

/**
 * The caller behind `Authorization: Bearer atg_…`: 403 off the key's paths (before any
 * query, whatever the key), 401 with one message for a malformed, unknown or revoked key,
 * 429 past the key's own rate. The key is read from the database on every request.
 */
export async function apiKeyCaller(pathname: string, token: string): Promise<ApiKeyCaller> {
  if (!isApiKeyPath(pathname)) throw failure("FORBIDDEN", "apiKeyNotAllowed");
  const caller = await findApiKeyCaller(await getDb(), token, systemNow());
  if (!caller) throw failure("UNAUTHORIZED", "apiKeyInvalid");
  await consumeRateLimit("apiKeyRequests", caller.keyId);
  return caller;
}
