import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import {
  createDeviceCookieValue,
  deviceAccountTag,
  readDeviceNonce,
} from "#server/auth/device-cookies.ts";

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
    expect(
      value.startsWith(`${deviceAccountTag(KEY, LOGIN)},0123456789abcdef0123456789abcdef,`),
    ).toBe(true);
    expect(readDeviceNonce(KEY, value, LOGIN)).toBe("0123456789abcdef0123456789abcdef");
    expect(readDeviceNonce(KEY, value, "OWNER@example.com")).toBe(
      "0123456789abcdef0123456789abcdef",
    );
  });

  it("holds an opaque tag of the account, never the e-mail address or any part of it", () => {
    const value = createDeviceCookieValue(KEY, "Owner@Example.com");
    expect(value.toLowerCase()).not.toContain("owner");
    expect(value).not.toContain("example");
    expect(value).not.toContain("@");
    const [account] = value.split(",");
    expect(account).toMatch(/^[0-9a-f]{32}$/);
    // Another deployment tags the same login otherwise: the tag is no public hash of it.
    expect(deviceAccountTag(OTHER_KEY, LOGIN)).not.toBe(account);
  });

  it("a genuine cookie of the old form, with the address in clear, no longer counts", () => {
    const nonce = "0123456789abcdef0123456789abcdef";
    const signature = createHmac("sha256", KEY).update(`${LOGIN},${nonce}`).digest("hex");
    expect(readDeviceNonce(KEY, `${LOGIN},${nonce},${signature}`, LOGIN)).toBeNull();
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

  it("an account swapped into a genuine cookie breaks its signature", () => {
    const [, nonce, signature] = createDeviceCookieValue(KEY, "stranger@example.com").split(",");
    const swapped = `${deviceAccountTag(KEY, LOGIN)},${nonce},${signature}`;
    expect(readDeviceNonce(KEY, swapped, LOGIN)).toBeNull();
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
