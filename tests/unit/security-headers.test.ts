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

describe("contentSecurityPolicy", () => {
  it("gives a prerendered page its own policy, matched exactly, plus frame-ancestors", () => {
    const html = "text/html; charset=utf-8";
    const home = contentSecurityPolicy({
      pathname: "/",
      contentType: html,
      existing: undefined,
      staticCsp: pages,
    });
    const about = contentSecurityPolicy({
      pathname: "/about/",
      contentType: html,
      existing: undefined,
      staticCsp: pages,
    });
    expect(home).toBe("script-src 'self' 'sha256-home'; frame-ancestors 'none'");
    expect(about).toBe("script-src 'self' 'sha256-about'; frame-ancestors 'none'");
  });

  it("serves the 404 page's policy for an unknown address", () => {
    const policy = contentSecurityPolicy({
      pathname: "/no/such/page",
      contentType: "text/html",
      existing: undefined,
      staticCsp: pages,
    });
    expect(policy).toContain("'sha256-404'");
  });

  it("keeps the policy Astro set on a server-rendered page", () => {
    const policy = contentSecurityPolicy({
      pathname: "/login",
      contentType: "text/html",
      existing: "script-src 'self' 'sha256-login';",
      staticCsp: pages,
    });
    expect(policy).toBe("script-src 'self' 'sha256-login'; frame-ancestors 'none'");
  });

  it("lets nothing load from JSON or assets", () => {
    const policy = contentSecurityPolicy({
      pathname: "/api/auth/me",
      contentType: "application/json",
      existing: undefined,
      staticCsp: pages,
    });
    expect(policy).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
  });

  it("runs no script on an HTML answer with no known policy", () => {
    const empty = staticCspFrom([]);
    const policy = contentSecurityPolicy({
      pathname: "/x",
      contentType: "text/html",
      existing: undefined,
      staticCsp: empty,
    });
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
