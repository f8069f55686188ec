import type { APIRoute } from "astro";
import { registerSchema } from "#shared/schemas/auth.ts";
import { setSessionCookie } from "#server/auth/cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { deleteGuestCookie, readGuestCookie } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { registerKeepingGuestTexts } from "#server/registration/register.ts";

export const prerender = false;

/**
 * The same answer whether or not the address has an account (DESIGN §3, decision 058):
 * only a new account is signed in; an existing one's owner is told by e-mail. The sign-up
 * rules are judged before that, from the address and the invite alone (403 with a reason).
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, registerSchema);
  await consumeRateLimit("registerByAddress", locals.clientNetwork);
  const db = await getDb();
  const guestId = readGuestCookie(cookies, url);
  const { token, expiresAt } = await registerKeepingGuestTexts(db, body, systemNow(), guestId);
  if (guestId) deleteGuestCookie(cookies, url);
  setSessionCookie(cookies, url, token, expiresAt);
  return jsonResponse(
    {
      success: true,
      token,
      isVerified: false,
      message: "Registration successful. Please check your email to verify your account.",
    },
    { status: 201 },
  );
};
