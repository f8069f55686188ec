import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** A random token of `bytes` bytes, base32 (lower case, no padding). 20 bytes = 160 bits. */
export function generateRandomToken(bytes = 20): string {
  if (bytes < 16) throw new Error("tokens need at least 128 bits of entropy");
  return encodeBase32LowerCaseNoPadding(randomBytes(bytes));
}

/** Base32 of 16 to 40 random bytes, as generateRandomToken writes them. */
const WELL_FORMED_TOKEN = /^[a-z2-7]{26,64}$/;

/**
 * True for a value that generateRandomToken could have written. Cookie values come from
 * strangers: anything else (NUL bytes, another alphabet, a megabyte) is treated as absent
 * before it reaches the database.
 */
export function isWellFormedToken(value: string | undefined): value is string {
  return value !== undefined && WELL_FORMED_TOKEN.test(value);
}

/** SHA-256 of a secret, hex. The database keeps only this. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/**
 * Compares two hex digests in constant time. Unequal lengths are unequal, but the
 * comparison still runs over equal-length buffers so that timing says nothing.
 */
export function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  if (left.length !== right.length) {
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
