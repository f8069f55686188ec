import type { APIRoute } from "astro";
import { resetPasswordSchema } from "../../../lib/shared/schemas/auth.ts";
import { resetPassword } from "../../../lib/server/auth/accounts.ts";
import { deleteSessionCookie } from "../../../lib/server/auth/cookies.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, cookies, url }) => {
  const { token, newPassword } = await readJsonBody(request, resetPasswordSchema);
  await resetPassword(await getDb(), token, newPassword, systemNow());
  deleteSessionCookie(cookies, url);
  return jsonResponse({
    success: true,
    message: "Your password has been reset. You can now log in with your new password.",
  });
};
