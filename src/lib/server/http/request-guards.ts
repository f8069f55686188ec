import { looksLikeApiKey } from "#server/api-keys/api-keys.ts";
import { AppError } from "#server/errors.ts";
import { isLoopbackHostname } from "./addresses.ts";
import { apiBodyLimit, isJsonContentType, payloadTooLarge } from "./api.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** `/api` and below, whatever the letter case (the server has already decoded the path). */
export function isApiPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === "/api" || lower.startsWith("/api/");
}

/**
 * Refuses a state-changing request that a browser sent from another site (DESIGN §3).
 * Astro's own check only covers form content types, so a cross-site `fetch` with JSON
 * would pass it; this one looks at Sec-Fetch-Site and Origin whatever the content type.
 *
 * The Origin is compared with PUBLIC_URL's origin, never with the request's Host: a
 * DNS-rebinding page controls the Host it sends and would always match it. The one
 * exception is a loopback Origin that equals the loopback Host it was sent to (someone
 * trying the site at http://127.0.0.1:4321 while PUBLIC_URL says localhost): no page
 * outside this machine can send a loopback Origin.
 *
 * A request that carries cookies must say where it comes from: every current browser
 * sends Origin or Sec-Fetch-Site on a state-changing request, so one with neither is not
 * a browser of ours, and its cookies are not to be trusted as its credentials. Clients
 * without cookies (curl, server-to-server with a bearer token) carry no ambient authority.
 * An API key is no ambient authority either: no browser adds one by itself (a page would
 * need a CORS preflight, which this site never grants), and a request with one is judged by
 * the key alone, never by a cookie, so it is not asked where it comes from.
 */
export function assertSameOrigin(request: Request, publicOrigin: string): void {
  if (isSafeMethod(request.method) || carriesApiKey(request)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw crossSite();
  }
  const origin = request.headers.get("origin");
  if (origin !== null) {
    if (origin !== publicOrigin && !isOwnLoopbackOrigin(origin, request.headers.get("host"))) {
      throw crossSite();
    }
    return;
  }
  const rideOnCookies = request.headers.has("cookie") && !request.headers.has("authorization");
  if (fetchSite === null && rideOnCookies) throw crossSite();
}

function carriesApiKey(request: Request): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return bearer !== null && looksLikeApiKey(bearer[1]!);
}

/** `http://127.0.0.1:4321` sent to Host `127.0.0.1:4321`, and the like for localhost and [::1]. */
function isOwnLoopbackOrigin(origin: string, host: string | null): boolean {
  if (!host) return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.host === host.toLowerCase() && isLoopbackHostname(parsed.hostname);
}

function crossSite(): AppError {
  return new AppError("FORBIDDEN", "Cross-site requests are not allowed.");
}

/**
 * Checks that need no body read: a declared length past what the endpoint at `pathname`
 * reads (413) and a body of another type than JSON on a state-changing call (415). A
 * request without a body (DELETE /api/email/delete/{id}) needs no content type.
 */
export function assertApiBodyHeaders(request: Request, pathname: string): void {
  const length = request.headers.get("content-length");
  const limit = apiBodyLimit(pathname);
  if (length !== null && Number(length) > limit) throw payloadTooLarge(limit);
  if (isSafeMethod(request.method)) return;
  const hasBody =
    (length !== null && Number(length) > 0) || request.headers.has("transfer-encoding");
  if (hasBody && !isJsonContentType(request.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
  }
}
