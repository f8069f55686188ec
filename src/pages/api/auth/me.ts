import type { APIRoute } from "astro";
import { toPublicUser } from "../../../lib/server/auth/accounts.ts";
import { jsonResponse } from "../../../lib/server/http/api.ts";
import { requireUser } from "../../../lib/server/http/auth-guards.ts";

export const prerender = false;

export const GET: APIRoute = ({ locals }) => {
  const user = requireUser(locals);
  return jsonResponse({ success: true, user: toPublicUser(user) });
};
