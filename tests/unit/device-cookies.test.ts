import { describe, expect, it } from "vitest";
import { createDeviceCookieValue, readDeviceNonce } from "#server/auth/device-cookies.ts";

const KEY = "a".repeat(64);
const OTHER_KEY = "b".repeat(64);
const LOGIN = "owner@example.com";

describe("device cookies", () => {
  it("a cookie signed for an account reads back as its nonce, whatever the login's case", () => {
    const value = createDeviceCookieValue(
      KEY,
      "Owner@Example.com",
      "0123456789abcdef0123456789abcdef",
    );
    expect(value.startsWith("owner@example.com,0123456789abcdef0123456789abcdef,")).toBe(true);
    expect(readDeviceNonce(KEY, value, LOGIN)).toBe("0123456789abcdef0123456789abcdef");
    expect(readDeviceNonce(KEY, value, "OWNER@example.com")).toBe(
      "0123456789abcdef0123456789abcdef",
    );
  });

  it("each new cookie has a nonce of its own", () => {
    const first = readDeviceNonce(KEY, createDeviceCookieValue(KEY, LOGIN), LOGIN);
    const second = readDeviceNonce(KEY, createDeviceCookieValue(KEY, LOGIN), LOGIN);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it("a tampered signature is no cookie", () => {
    const value = createDeviceCookieValue(KEY, LOGIN);
    const last = value.at(-1) === "0" ? "1" : "0";
    expect(readDeviceNonce(KEY, `${value.slice(0, -1)}${last}`, LOGIN)).toBeNull();
  });

  it("another deployment's cookie is no cookie", () => {
    expect(readDeviceNonce(KEY, createDeviceCookieValue(OTHER_KEY, LOGIN), LOGIN)).toBeNull();
  });

  it("a genuine cookie of another account does not count for this one", () => {
    const strangers = createDeviceCookieValue(KEY, "stranger@example.com");
    expect(readDeviceNonce(KEY, strangers, "stranger@example.com")).not.toBeNull();
    expect(readDeviceNonce(KEY, strangers, LOGIN)).toBeNull();
  });

  it("a login swapped into a genuine cookie breaks its signature", () => {
    const [, nonce, signature] = createDeviceCookieValue(KEY, "stranger@example.com").split(",");
    expect(readDeviceNonce(KEY, `${LOGIN},${nonce},${signature}`, LOGIN)).toBeNull();
  });

  it("malformed values are no cookie: NUL, extra or missing commas, wrong fields, huge", () => {
    const value = createDeviceCookieValue(KEY, LOGIN);
    const [login, nonce, signature] = value.split(",") as [string, string, string];
    const malformed = [
      undefined,
      "",
      ",,",
      `${login},${nonce}`,
      `${login},${nonce},${signature},`,
      `${login},extra,${nonce},${signature}`,
      `${login}\u0000,${nonce},${signature}`,
      `${login},${nonce}\u0000,${signature}`,
      `${login},${nonce},${signature}\u0000`,
      `${login},${nonce.toUpperCase()},${signature}`,
      `${login},${nonce},${signature.slice(0, 63)}`,
      `${login},${nonce},${signature}00`,
      `${"x".repeat(100_000)},${nonce},${signature}`,
      "%00%2C%2C",
    ];
    for (const bad of malformed) expect(readDeviceNonce(KEY, bad, LOGIN)).toBeNull();
  });
});
