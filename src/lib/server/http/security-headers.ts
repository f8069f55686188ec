import { existsSync, readFileSync } from "node:fs";

/** Pages that carry a token in their address send no referrer at all (DESIGN §8). */
const TOKEN_PAGES = new Set(["/reset-password", "/api/auth/verify-email"]);

/** A share link's page: its address is the secret that opens it. */
function isSharePage(pathname: string): boolean {
  return pathname.startsWith("/s/");
}

/** Directives a <meta> CSP cannot carry; always sent as a header. */
const HEADER_ONLY_DIRECTIVES = "frame-ancestors 'none'";

/** For JSON, assets and anything else that is not a page: nothing may load from it. */
const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export interface StaticCsp {
  /** CSP of each prerendered page, by path without trailing slash. */
  byPath: Map<string, string>;
  /** The policy of the prerendered 404 page, also served for unknown addresses. */
  notFound: string | undefined;
}

/** Reads dist/_headers.json, which the node adapter writes with `staticHeaders: true`. */
export function loadStaticCsp(headersFile: string): StaticCsp {
  const byPath = new Map<string, string>();
  if (existsSync(headersFile)) {
    const entries = JSON.parse(readFileSync(headersFile, "utf8")) as {
      pathname: string;
      headers: { key: string; value: string }[];
    }[];
    for (const entry of entries) {
      const csp = entry.headers.find((h) => h.key.toLowerCase() === "content-security-policy");
      if (csp) byPath.set(trimSlash(entry.pathname), csp.value);
    }
  }
  return { byPath, notFound: byPath.get("/404") };
}

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

function withHeaderOnlyDirectives(policy: string): string {
  const trimmed = policy.trim().replace(/;+$/, "");
  return /frame-ancestors/i.test(trimmed) ? trimmed : `${trimmed}; ${HEADER_ONLY_DIRECTIVES}`;
}

/**
 * The Content-Security-Policy for one response: the prerendered page's own policy, the
 * one Astro set on a server-rendered page, the 404 page's for the fallback 404, and a
 * deny-all policy for everything that is not a document.
 */
export function contentSecurityPolicy(input: {
  pathname: string;
  contentType: string | undefined;
  existing: string | undefined;
  staticCsp: StaticCsp;
}): string {
  const isHtml = (input.contentType ?? "").toLowerCase().startsWith("text/html");
  if (!isHtml) return input.existing ? withHeaderOnlyDirectives(input.existing) : NON_DOCUMENT_CSP;
  const policy =
    input.staticCsp.byPath.get(trimSlash(input.pathname)) ??
    input.existing ??
    input.staticCsp.notFound;
  // An HTML answer with no known policy may run nothing at all.
  return withHeaderOnlyDirectives(policy ?? "default-src 'none'; style-src 'self'; img-src 'self'");
}

export function baseSecurityHeaders(pathname: string, production: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy":
      TOKEN_PAGES.has(pathname) || isSharePage(pathname)
        ? "no-referrer"
        : "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
