import type { APIRoute } from "astro";
import { registerSchema } from "../../../lib/shared/schemas/auth.ts";
import { registerAccount } from "../../../lib/server/auth/accounts.ts";
import { setSessionCookie } from "../../../lib/server/auth/cookies.ts";
import { GUEST_COOKIE } from "../../../lib/server/credits/guests.ts";
import { moveGuestHistory } from "../../../lib/server/generation/service.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, registerSchema);
  await consumeRateLimit("registerByAddress", locals.clientAddress);
  const db = await getDb();
  const { user, token, expiresAt, emailSent } = await registerAccount(db, body, systemNow());
  setSessionCookie(cookies, url, token, expiresAt);
  // The trial's texts move to the new account; its credits do not (DESIGN §5).
  const guestId = cookies.get(GUEST_COOKIE)?.value;
  if (guestId) {
    await moveGuestHistory(db, guestId, user.id);
    cookies.delete(GUEST_COOKIE, { path: "/" });
  }
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
