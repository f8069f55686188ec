import type { APIRoute } from "astro";
import { verifyEmailToken } from "#server/auth/accounts.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";

export const prerender = false;

/** The link in the verification e-mail: verifies, then sends the browser to the login page. */
export const GET: APIRoute = async ({ url, redirect }) => {
  const token = url.searchParams.get("token") ?? "";
  const verified = token ? await verifyEmailToken(await getDb(), token, systemNow()) : false;
  return redirect(`/login?verified=${verified}`, 302);
};
