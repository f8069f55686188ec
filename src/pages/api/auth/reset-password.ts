import type { APIRoute } from "astro";
import { resetPasswordSchema } from "#shared/schemas/auth.ts";
import { resetPassword } from "#server/auth/accounts.ts";
import { deleteSessionCookie } from "#server/auth/cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const { token, newPassword } = await readJsonBody(request, resetPasswordSchema);
  await consumeRateLimit("resetPasswordByAddress", locals.clientNetwork);
  await resetPassword(await getDb(), token, newPassword, systemNow());
  deleteSessionCookie(cookies, url);
  return jsonResponse({
    success: true,
    message: "Your password has been reset. You can now log in with your new password.",
  });
};
