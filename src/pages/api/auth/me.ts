import type { APIRoute } from "astro";
import { toPublicUser } from "../../../lib/server/auth/accounts.ts";
import { AppError } from "../../../lib/server/errors.ts";
import { jsonResponse } from "../../../lib/server/http/api.ts";

export const prerender = false;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=/;

/**
 * The current user. A visitor who sent no credentials is simply signed out (200, user
 * null: every static page asks, and a 401 would be logged in the browser's console); a
 * token or cookie that does not validate is refused with 401.
 */
export const GET: APIRoute = ({ locals, request }) => {
  if (locals.user) return jsonResponse({ success: true, user: toPublicUser(locals.user) });
  const presented =
    request.headers.has("authorization") ||
    SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
  if (presented)
    throw new AppError("UNAUTHORIZED", 401, "Your session has expired. Please log in again.");
  return jsonResponse({ success: true, user: null });
};
