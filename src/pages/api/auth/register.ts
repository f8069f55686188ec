import type { APIRoute } from "astro";
import { registerSchema } from "#shared/schemas/auth.ts";
import { registerAccount } from "#server/auth/accounts.ts";
import { setSessionCookie } from "#server/auth/cookies.ts";
import { setDeviceCookie } from "#server/auth/device-cookies.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { deleteGuestCookie, readGuestCookie } from "#server/http/guest.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, registerSchema);
  await consumeRateLimit("registerByAddress", locals.clientAddress);
  const db = await getDb();
  // The trial's texts move to the new account; its credits do not (DESIGN §5).
  const guestId = readGuestCookie(cookies, url);
  const { user, token, expiresAt, emailSent } = await registerAccount(
    db,
    body,
    systemNow(),
    guestId,
  );
  if (guestId) deleteGuestCookie(cookies, url);
  setSessionCookie(cookies, url, token, expiresAt);
  // Registering signs in: this browser is the owner's from now on (DESIGN §3).
  await setDeviceCookie(db, cookies, url, user.email);
  return jsonResponse(
    {
      success: true,
      token,
      isVerified: false,
      message: emailSent
        ? "Registration successful. Please check your email to verify your account."
        : "Registration successful, but an error occurred while sending the email.",
    },
    { status: 201 },
  );
};
