import type { APIRoute } from "astro";
import { deleteAccountSchema } from "#shared/schemas/auth.ts";
import { deleteAccount } from "#server/auth/accounts.ts";
import { deleteSessionCookie } from "#server/auth/cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** Deletes the signed-in account for good, after its password is confirmed. */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { password } = await readJsonBody(request, deleteAccountSchema);
  const user = requireUser(locals);
  // A stolen session must not become a password oracle.
  await consumeRateLimit("loginByAddress", locals.clientNetwork);
  await deleteAccount(await getDb(), user.id, password, systemNow());
  deleteSessionCookie(cookies, url);
  return jsonResponse({ success: true, message: "Your account has been deleted." });
};
