import type { APIRoute } from "astro";
import { emailOnlySchema } from "#shared/schemas/auth.ts";
import { resendVerification } from "#server/auth/accounts.ts";
import { mayEmailAccount } from "#server/auth/attempt-limits.ts";
import { readRequestDevice } from "#server/auth/device-cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

/** One answer for known, unknown and verified addresses; the mail goes out after it. */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { email } = await readJsonBody(request, emailOnlySchema);
  await consumeRateLimit("resendVerificationByAddress", locals.clientNetwork);
  const db = await getDb();
  const deviceNonce = await readRequestDevice(db, cookies, url, email);
  if (await mayEmailAccount("verifyEmail", email, deviceNonce)) {
    await resendVerification(db, email, systemNow());
  }
  return jsonResponse({
    success: true,
    message: "Verification email sent. Please check your inbox.",
  });
};
