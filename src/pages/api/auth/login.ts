import type { APIRoute } from "astro";
import { loginSchema } from "#shared/schemas/auth.ts";
import { signInWithinLimits } from "#server/auth/attempt-limits.ts";
import { setSessionCookie } from "#server/auth/cookies.ts";
import { readRequestDevice, setDeviceCookie } from "#server/auth/device-cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, loginSchema);
  const db = await getDb();
  const deviceNonce = await readRequestDevice(db, cookies, url, body.email);
  const { user, token, expiresAt } = await signInWithinLimits(
    db,
    body,
    { network: locals.clientNetwork, deviceNonce },
    systemNow(),
  );
  setSessionCookie(cookies, url, token, expiresAt);
  await setDeviceCookie(db, cookies, url, user.email);
  return jsonResponse({
    success: true,
    token,
    isVerified: user.emailVerified,
    message: "Login successful",
  });
};
