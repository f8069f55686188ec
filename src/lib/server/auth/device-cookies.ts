import { createHmac, randomBytes } from "node:crypto";
import type { AstroCookies } from "astro";
import type { Database } from "#server/db/index.ts";
import { readDeploymentKey } from "#server/keys/deployment-keys.ts";
import { isSecureSite } from "./cookies.ts";
import { constantTimeEqualHex } from "#server/tokens.ts";

/**
 * OWASP's "device cookie": proof that this browser once signed in to an account, so that
 * its attempts are counted apart from strangers' and a stranger cannot lock it out.
 * Value: `account,nonce,HMAC-SHA256(key, "account,nonce")`, one account per browser, where
 * `account` is an opaque tag of the login (a keyed hash), never the e-mail address itself:
 * a cookie read off a shared computer says nothing about whose it is. Cookies of the
 * earlier form, with the address in clear, no longer count (issue 40).
 */
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** 32 (account tag) + 32 (nonce) + 64 (signature) + 2 commas. */
const MAX_VALUE_LENGTH = 130;
const ACCOUNT_TAG = /^[0-9a-f]{32}$/;
const NONCE = /^[0-9a-f]{32}$/;
const SIGNATURE = /^[0-9a-f]{64}$/;

export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-device" : "device";
}

function signDevice(key: string, account: string, nonce: string): string {
  return createHmac("sha256", key).update(`${account},${nonce}`).digest("hex");
}

/** The opaque tag of a login (an e-mail, compared in lower case) in its device cookies. */
export function deviceAccountTag(key: string, login: string): string {
  return createHmac("sha256", key)
    .update(`account:${login.toLowerCase()}`)
    .digest("hex")
    .slice(0, 32);
}

/** A new device cookie value for `login`. */
export function createDeviceCookieValue(
  key: string,
  login: string,
  nonce = randomBytes(16).toString("hex"),
): string {
  const account = deviceAccountTag(key, login);
  return `${account},${nonce},${signDevice(key, account, nonce)}`;
}

/**
 * The device's nonce when `value` is a cookie this deployment signed for `login`;
 * null for anything else (absent, malformed, tampered, another account's, the old form),
 * which the caller treats exactly like no cookie at all.
 */
export function readDeviceNonce(
  key: string,
  value: string | undefined,
  login: string,
): string | null {
  if (!value || value.length > MAX_VALUE_LENGTH) return null;
  const parts = value.split(",");
  if (parts.length !== 3) return null;
  const [account, nonce, signature] = parts as [string, string, string];
  if (!ACCOUNT_TAG.test(account) || !NONCE.test(nonce) || !SIGNATURE.test(signature)) return null;
  // Signature first, in constant time; only a genuine cookie is then matched to the login.
  if (!constantTimeEqualHex(signDevice(key, account, nonce), signature)) return null;
  return constantTimeEqualHex(deviceAccountTag(key, login), account) ? nonce : null;
}

/** The nonce of this request's device cookie for `login`, or null. */
export async function readRequestDevice(
  db: Database,
  cookies: AstroCookies,
  requestUrl: URL,
  login: string,
): Promise<string | null> {
  const value = cookies.get(deviceCookieName(isSecureSite(requestUrl)))?.value;
  if (!value) return null;
  return readDeviceNonce(await readDeploymentKey(db, "device_cookie_key"), value, login);
}

/** After a successful sign-in: a fresh nonce, so the device's old failures stay behind it. */
export async function setDeviceCookie(
  db: Database,
  cookies: AstroCookies,
  requestUrl: URL,
  login: string,
): Promise<void> {
  const secure = isSecureSite(requestUrl);
  const key = await readDeploymentKey(db, "device_cookie_key");
  cookies.set(deviceCookieName(secure), createDeviceCookieValue(key, login), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}
