import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  loadStaticCsp,
} from "#server/http/security-headers.ts";

function staticCspFrom(entries: { pathname: string; csp: string }[]) {
  const dir = mkdtempSync(join(tmpdir(), "csp-"));
  const file = join(dir, "_headers.json");
  writeFileSync(
    file,
    JSON.stringify(
      entries.map((e) => ({
        pathname: e.pathname,
        headers: [{ key: "Content-Security-Policy", value: e.csp }],
      })),
    ),
  );
  return loadStaticCsp(file);
}

const pages = staticCspFrom([
  { pathname: "/", csp: "script-src 'self' 'sha256-home';" },
  { pathname: "/about", csp: "script-src 'self' 'sha256-about';" },
  { pathname: "/404", csp: "script-src 'self' 'sha256-404';" },
]);

/** The policy for an answer at `pathname`, given the pages' policies above unless told. */
function policyFor(
  pathname: string,
  contentType: string,
  options: { existing?: string; staticCsp?: ReturnType<typeof loadStaticCsp> } = {},
): string {
  const { existing, staticCsp = pages } = options;
  return contentSecurityPolicy({ pathname, contentType, existing, staticCsp });
}

describe("contentSecurityPolicy", () => {
  it("gives a prerendered page its own policy, matched exactly, plus frame-ancestors", () => {
    const html = "text/html; charset=utf-8";
    const home = policyFor("/", html);
    const about = policyFor("/about/", html);
    expect(home).toBe("script-src 'self' 'sha256-home'; frame-ancestors 'none'");
    expect(about).toBe("script-src 'self' 'sha256-about'; frame-ancestors 'none'");
  });

  it("serves the 404 page's policy for an unknown address", () => {
    const policy = policyFor("/no/such/page", "text/html");
    expect(policy).toContain("'sha256-404'");
  });

  it("keeps the policy Astro set on a server-rendered page", () => {
    const policy = policyFor("/login", "text/html", {
      existing: "script-src 'self' 'sha256-login';",
    });
    expect(policy).toBe("script-src 'self' 'sha256-login'; frame-ancestors 'none'");
  });

  it("lets nothing load from JSON or assets", () => {
    const policy = policyFor("/api/auth/me", "application/json");
    expect(policy).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });

  it("runs no script on an HTML answer with no known policy", () => {
    const empty = staticCspFrom([]);
    const policy = policyFor("/x", "text/html", { staticCsp: empty });
    expect(policy).toMatch(/^default-src 'none'/);
    expect(policy).not.toMatch(/script-src/);
  });
});

describe("baseSecurityHeaders", () => {
  it("sends nosniff and a strict referrer policy", () => {
    const headers = baseSecurityHeaders("/", false);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers).not.toHaveProperty("Strict-Transport-Security");
  });

  it("sends no referrer from pages that carry a token", () => {
    expect(baseSecurityHeaders("/reset-password", false)["Referrer-Policy"]).toBe("no-referrer");
  });

  it("adds HSTS in production", () => {
    expect(baseSecurityHeaders("/", true)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });
});
