import type { APIRoute } from "astro";
import { deleteSessionCookie } from "#server/auth/cookies.ts";
import { invalidateSession } from "#server/auth/sessions.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readEmptyJsonBody } from "#server/http/api.ts";

export const prerender = false;

/** Deletes the session on the server; signing out twice is not an error. */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  await readEmptyJsonBody(request);
  if (locals.session) await invalidateSession(await getDb(), locals.session.id);
  deleteSessionCookie(cookies, url);
  return jsonResponse({ success: true, message: "Logged Out" });
};
