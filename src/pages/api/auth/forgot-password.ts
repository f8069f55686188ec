import type { APIRoute } from "astro";
import { emailOnlySchema } from "#shared/schemas/auth.ts";
import { requestPasswordReset } from "#server/auth/accounts.ts";
import { mayEmailAccount } from "#server/auth/attempt-limits.ts";
import { readRequestDevice } from "#server/auth/device-cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** Always the same answer for a valid address; the account's budget only decides the mail. */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { email } = await readJsonBody(request, emailOnlySchema);
  await consumeRateLimit("forgotPasswordByAddress", locals.clientNetwork);
  const db = await getDb();
  const deviceNonce = await readRequestDevice(db, cookies, url, email);
  if (await mayEmailAccount("resetPassword", email, deviceNonce)) {
    await requestPasswordReset(db, email, systemNow());
  }
  return jsonResponse({
    success: true,
    message: "If an account exists for this email, we have sent a password reset link to it.",
  });
};
