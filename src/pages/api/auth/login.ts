import type { APIRoute } from "astro";
import { loginSchema } from "../../../lib/shared/schemas/auth.ts";
import { signIn } from "../../../lib/server/auth/accounts.ts";
import { setSessionCookie } from "../../../lib/server/auth/cookies.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, loginSchema);
  await consumeRateLimit("loginByAddress", locals.clientAddress);
  await consumeRateLimit("loginByAccount", body.email);
  const { user, token, expiresAt } = await signIn(await getDb(), body, systemNow());
  setSessionCookie(cookies, url, token, expiresAt);
  return jsonResponse({
    success: true,
    token,
    isVerified: user.emailVerified,
    message: "Login successful",
  });
};
