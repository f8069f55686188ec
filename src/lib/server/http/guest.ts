import type { AstroCookies } from "astro";
import { isSecureSite } from "#server/auth/cookies.ts";
import { isWellFormedToken } from "#server/auth/tokens.ts";
import { findGuest, findOrCreateGuest, type Guest } from "#server/credits/guests.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { hashAddress } from "./address-hash.ts";

const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Like the session cookie: `__Host-` prefixed (so Secure, host-only, Path=/) over HTTPS. */
function guestCookieName(requestUrl: URL): string {
  return isSecureSite(requestUrl) ? "__Host-guest_id" : "guest_id";
}

/** The `guest_id` cookie's value; a malformed one (NUL bytes, say) counts as absent. */
export function readGuestCookie(cookies: AstroCookies, requestUrl: URL): string | undefined {
  const value = cookies.get(guestCookieName(requestUrl))?.value;
  return isWellFormedToken(value) ? value : undefined;
}

export function deleteGuestCookie(cookies: AstroCookies, requestUrl: URL): void {
  const secure = isSecureSite(requestUrl);
  cookies.delete(guestCookieName(requestUrl), {
    path: "/",
    secure,
    httpOnly: true,
    sameSite: "lax",
  });
}

/** The guest behind this browser's `guest_id` cookie (if any) and its address hash. */
export async function currentGuest(
  db: Database,
  cookies: AstroCookies,
  requestUrl: URL,
  clientAddress: string,
): Promise<{ guest: Guest | null; addressHash: string }> {
  const [guest, addressHash] = await Promise.all([
    findGuest(db, readGuestCookie(cookies, requestUrl)),
    hashAddress(db, clientAddress),
  ]);
  return { guest, addressHash };
}

/**
 * Who pays for a generation: the signed-in user, or this browser's guest, created (with
 * its cookie) on the first generation (DESIGN §4).
 */
export async function payingOwner(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
  requestUrl: URL,
  now: Date,
): Promise<CreditOwner> {
  if (locals.user) return { kind: "user", userId: locals.user.id };
  const addressHash = await hashAddress(db, locals.clientAddress);
  const { guest, created } = await findOrCreateGuest(
    db,
    readGuestCookie(cookies, requestUrl),
    addressHash,
    now,
  );
  if (created) {
    cookies.set(guestCookieName(requestUrl), guest.id, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: isSecureSite(requestUrl),
      maxAge: GUEST_COOKIE_MAX_AGE,
    });
  }
  return { kind: "guest", guestId: guest.id, addressHash };
}

/** The caller as an owner of existing generations, without creating a guest. */
export async function existingOwner(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
  requestUrl: URL,
): Promise<CreditOwner | null> {
  if (locals.user) return { kind: "user", userId: locals.user.id };
  const guest = await findGuest(db, readGuestCookie(cookies, requestUrl));
  return guest ? { kind: "guest", guestId: guest.id, addressHash: guest.addressHash } : null;
}
