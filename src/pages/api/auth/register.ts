import type { APIRoute } from "astro";
import { registerSchema } from "../../../lib/shared/schemas/auth.ts";
import { registerAccount } from "../../../lib/server/auth/accounts.ts";
import { setSessionCookie } from "../../../lib/server/auth/cookies.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, registerSchema);
  await consumeRateLimit("registerByAddress", locals.clientAddress);
  const { token, expiresAt, emailSent } = await registerAccount(await getDb(), body, systemNow());
  setSessionCookie(cookies, url, token, expiresAt);
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
