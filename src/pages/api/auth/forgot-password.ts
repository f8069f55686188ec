import type { APIRoute } from "astro";
import { emailOnlySchema } from "../../../lib/shared/schemas/auth.ts";
import { requestPasswordReset } from "../../../lib/server/auth/accounts.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const { email } = await readJsonBody(request, emailOnlySchema);
  await consumeRateLimit("forgotPasswordByAddress", locals.clientAddress);
  await consumeRateLimit("forgotPasswordByAccount", email);
  await requestPasswordReset(await getDb(), email, systemNow());
  return jsonResponse({
    success: true,
    message: "If an account exists for this email, we have sent a password reset link to it.",
  });
};
