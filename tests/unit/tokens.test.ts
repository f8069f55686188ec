import { describe, expect, it } from "vitest";
import { constantTimeEqualHex, generateRandomToken, hashSecret } from "#server/tokens.ts";
import { isLoopbackAddress } from "#server/http/addresses.ts";

describe("generateRandomToken", () => {
  it("gives 160 bits by default, in lower-case base32 without padding", () => {
    const token = generateRandomToken();
    expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it("never repeats across many draws", () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => generateRandomToken()));
    expect(tokens.size).toBe(2000);
  });

  it("refuses fewer than 128 bits", () => {
    expect(() => generateRandomToken(15)).toThrow();
    expect(generateRandomToken(16)).toMatch(/^[a-z2-7]{26}$/);
  });
});

describe("hashSecret", () => {
  it("is SHA-256 in hex", () => {
    expect(hashSecret("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});

describe("constantTimeEqualHex", () => {
  const digest = hashSecret("secret");

  it("accepts only the identical digest", () => {
    expect(constantTimeEqualHex(digest, hashSecret("secret"))).toBe(true);
    expect(constantTimeEqualHex(digest, hashSecret("secreT"))).toBe(false);
  });

  it("refuses a digest that differs in its last character only", () => {
    const last = digest.at(-1) === "0" ? "1" : "0";
    expect(constantTimeEqualHex(digest, `${digest.slice(0, -1)}${last}`)).toBe(false);
  });

  it("refuses other lengths, including the empty string and prefixes", () => {
    expect(constantTimeEqualHex(digest, "")).toBe(false);
    expect(constantTimeEqualHex(digest, digest.slice(0, 32))).toBe(false);
    expect(constantTimeEqualHex(digest, `${digest}00`)).toBe(false);
  });
});

describe("isLoopbackAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["10.0.0.1", false],
    ["192.0.2.1", false],
    ["::ffff:8.8.8.8", false],
    ["unknown", false],
  ])("%s → %s", (address, expected) => expect(isLoopbackAddress(address)).toBe(expected));
});
