import { describe, expect, it } from "vitest";
import {
  canonicalRequestTarget,
  isValidHostHeader,
  loggableTarget,
} from "#server/http/request-target.ts";

describe("canonicalRequestTarget", () => {
  it.each([
    ["/api/auth/me", "/api/auth/me"],
    ["/%61pi/auth/me", "/api/auth/me"],
    ["/%41%50%49/x", "/API/x"],
    ["//api/auth/me", "/api/auth/me"],
    ["///api//auth///me", "/api/auth/me"],
    ["/about/../api/x", "/api/x"],
    ["/./api/./x", "/api/x"],
    ["/../../api/x", "/api/x"],
    ["/about/", "/about/"],
    ["/a/b/..", "/a/"],
  ])("%s becomes %s", (input, expected) => {
    expect(canonicalRequestTarget(input)).toBe(expected);
  });

  it("keeps reserved characters encoded, with upper-case hex", () => {
    expect(canonicalRequestTarget("/api%2fx")).toBe("/api%2Fx");
    expect(canonicalRequestTarget("/a%20b")).toBe("/a%20b");
  });

  it.each(["/%2561pi/x", "/%252561pi/x", "/api/auth/%256De", "/%25", "/a%25b", "/%2525"])(
    "refuses %s, whose encoded %% would be decoded again on the way to a route",
    (input) => {
      expect(canonicalRequestTarget(input)).toBeNull();
    },
  );

  it("takes an encoded % in the query string, which is not decoded on the way to a route", () => {
    expect(canonicalRequestTarget("/api/console/accounts?email=%25")).toBe(
      "/api/console/accounts?email=%25",
    );
  });

  it("leaves the query string as sent", () => {
    expect(canonicalRequestTarget("//login?verified=true&a=%61")).toBe(
      "/login?verified=true&a=%61",
    );
  });

  it("takes path and query from an absolute-form target", () => {
    expect(canonicalRequestTarget("http://evil.example/%61pi/x?y=1")).toBe("/api/x?y=1");
  });

  it.each(["/%zz", "/%4", "javascript:alert(1)", "*", ""])("refuses %j", (input) => {
    expect(canonicalRequestTarget(input)).toBeNull();
  });
});

describe("isValidHostHeader", () => {
  it.each(["127.0.0.1", "127.0.0.1:4321", "localhost", "Example.COM", "[::1]", "[::1]:80", "a:"])(
    "takes %j",
    (host) => {
      expect(isValidHostHeader(host)).toBe(true);
    },
  );

  it("takes a request without one (HTTP/1.0)", () => {
    expect(isValidHostHeader(undefined)).toBe(true);
  });

  it.each([
    "evil@127.0.0.1",
    "[::1",
    "a b",
    "127.0.0.1:99999",
    "",
    "a:b",
    "a/b",
    "a?b",
    "a#b",
    "[::1]x",
    "[zz]",
    "%zz",
    "256.1.1.1",
  ])("refuses %j", (host) => {
    expect(isValidHostHeader(host)).toBe(false);
  });
});

describe("canonicalRequestTarget with an absolute-form target", () => {
  it.each(["http://evil@127.0.0.1/api/x", "http://a:b@127.0.0.1/x", "http://[::1/api/x"])(
    "refuses a bad authority in %j",
    (target) => {
      expect(canonicalRequestTarget(target)).toBeNull();
    },
  );

  it("keeps an @ that is in the path or query", () => {
    expect(canonicalRequestTarget("http://127.0.0.1/a@b?c=d@e")).toBe("/a@b?c=d@e");
  });
});

describe("loggableTarget", () => {
  it.each([
    ["/reset-password%zz?token=s3cret", "/reset-password%zz"],
    ["/api/auth/verify-email%E0%A4?token=s3cret&x=1", "/api/auth/verify-email%E0%A4"],
    ["/a#frag?token=s3cret", "/a"],
    ["/plain", "/plain"],
    ["http://user:s3cret@127.0.0.1/api/auth/me?token=s3cret", "http://***@127.0.0.1/api/auth/me"],
    ["HTTPS://s3cret@example.com", "HTTPS://***@example.com"],
    // An @ in a path is no user information.
    ["/users/ann@example/x?token=s3cret", "/users/ann@example/x"],
  ])("logs %j as %j", (target, logged) => {
    expect(loggableTarget(target)).toBe(logged);
  });

  it("keeps at most 200 characters", () => {
    expect(loggableTarget(`/${"a".repeat(500)}`)).toHaveLength(200);
  });
});
