import { AppError } from "../errors.ts";
import { MAX_API_BODY_BYTES, isJsonContentType, payloadTooLarge } from "./api.ts";

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
 * Refuses a state-changing request that a browser sent from another site. Astro's own
 * check only covers form content types, so a cross-site `fetch` with JSON would pass it;
 * this one looks at Sec-Fetch-Site and Origin whatever the content type. Clients that
 * send neither (curl, server-to-server with a bearer token) are not browsers and carry
 * no ambient cookie from one.
 */
export function assertSameOrigin(request: Request, ownOrigins: readonly string[]): void {
  if (isSafeMethod(request.method)) return;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    throw crossSite();
  }
  const origin = request.headers.get("origin");
  if (origin !== null && !ownOrigins.includes(origin)) throw crossSite();
}

function crossSite(): AppError {
  return new AppError("FORBIDDEN", 403, "Cross-site requests are not allowed.");
}

/**
 * Checks that need no body read: a declared length past 16 KiB (413) and a body of
 * another type than JSON on a state-changing call (415). A request without a body
 * (DELETE /api/email/delete/{id}) needs no content type.
 */
export function assertApiBodyHeaders(request: Request): void {
  const length = request.headers.get("content-length");
  if (length !== null && Number(length) > MAX_API_BODY_BYTES) throw payloadTooLarge();
  if (isSafeMethod(request.method)) return;
  const hasBody =
    (length !== null && Number(length) > 0) || request.headers.has("transfer-encoding");
  if (hasBody && !isJsonContentType(request.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "Send the request body as application/json.");
  }
}
