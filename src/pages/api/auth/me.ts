import type { APIRoute } from "astro";
import { toPublicUser } from "#server/auth/accounts.ts";
import { isOperator } from "#server/console/operators.ts";
import { isWellFormedSessionToken, sessionExpired } from "#server/auth/sessions.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=([^;]*)/;

/**
 * The current user. A visitor who sent no credentials is simply signed out (200, user
 * null: every static page asks, and a 401 would be logged in the browser's console); a
 * token or cookie that does not validate is refused with 401. A cookie we could not have
 * set (malformed) counts as none. An operator's user carries `isOperator: true`, for the
 * header's Console link; nobody else's mentions it (decision 071).
 */
export const GET: APIRoute = ({ locals, request }) => {
  if (locals.user) {
    const operator = isOperator(locals.user) ? { isOperator: true } : {};
    return jsonResponse({ success: true, user: { ...toPublicUser(locals.user), ...operator } });
  }
  // The header as sent: the middleware has already deleted a stale cookie from `cookies`.
  const sessionCookie = SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (request.headers.has("authorization") || isWellFormedSessionToken(sessionCookie ?? ""))
    throw sessionExpired();
  return jsonResponse({ success: true, user: null });
};
