import type { AstroCookies } from "astro";
import { getConfig } from "#server/config.ts";
import { isWellFormedSessionToken } from "./sessions.ts";

/**
 * DESIGN §3: `__Host-session` with Secure over HTTPS; `session` on plain-HTTP localhost,
 * where browsers refuse the `__Host-` prefix without Secure.
 */
export function isSecureSite(requestUrl: URL): boolean {
  return requestUrl.protocol === "https:" || getConfig().PUBLIC_URL.startsWith("https:");
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-session" : "session";
}

export function setSessionCookie(
  cookies: AstroCookies,
  requestUrl: URL,
  token: string,
  expiresAt: Date,
): void {
  const secure = isSecureSite(requestUrl);
  cookies.set(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    expires: expiresAt,
  });
}

export function deleteSessionCookie(cookies: AstroCookies, requestUrl: URL): void {
  const secure = isSecureSite(requestUrl);
  cookies.delete(sessionCookieName(secure), { path: "/", secure, httpOnly: true, sameSite: "lax" });
}

export type SessionTokenSource = { kind: "bearer" | "cookie"; token: string } | null;

/** A request with an Authorization header is judged by it alone, never by the cookie. */
export function readSessionToken(
  request: Request,
  cookies: AstroCookies,
  requestUrl: URL,
): SessionTokenSource {
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return { kind: "bearer", token: match?.[1] ?? "" };
  }
  const cookie = cookies.get(sessionCookieName(isSecureSite(requestUrl)))?.value;
  // A value we could not have set (NUL bytes, another alphabet) is no credential at all.
  return cookie && isWellFormedSessionToken(cookie) ? { kind: "cookie", token: cookie } : null;
}
