import type { APIRoute } from "astro";
import { emailOnlySchema } from "../../../lib/shared/schemas/auth.ts";
import { resendVerification } from "../../../lib/server/auth/accounts.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { AppError } from "../../../lib/server/errors.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const { email } = await readJsonBody(request, emailOnlySchema);
  await consumeRateLimit("resendVerificationByAddress", locals.clientAddress);
  await consumeRateLimit("resendVerificationByAccount", email);
  const outcome = await resendVerification(await getDb(), email, systemNow());
  if (outcome === "failed") {
    throw new AppError("SERVICE_UNAVAILABLE", 503, "An error occurred while sending the email.");
  }
  return jsonResponse({
    success: true,
    message: "Verification email sent. Please check your inbox.",
  });
};
