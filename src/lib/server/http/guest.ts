import type { AstroCookies } from "astro";
import { isSecureSite } from "#server/auth/cookies.ts";
import { isWellFormedToken } from "#server/auth/tokens.ts";
import {
  GUEST_LIFETIME_MS,
  findGuest,
  findOrCreateGuest,
  type Guest,
} from "#server/credits/guests.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { exhausted } from "#server/generation/charges.ts";
import { hashAddress } from "./address-hash.ts";
import type { ClientNetwork } from "./client-network.ts";

const GUEST_COOKIE_MAX_AGE = GUEST_LIFETIME_MS / 1000;

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
  clientNetwork: ClientNetwork,
): Promise<{ guest: Guest | null; addressHash: string }> {
  const [guest, addressHash] = await Promise.all([
    findGuest(db, readGuestCookie(cookies, requestUrl)),
    hashAddress(db, clientNetwork),
  ]);
  return { guest, addressHash };
}

/**
 * Who pays for a generation: the signed-in user (drawing on its address's trial while
 * unverified), or this browser's guest, created (with its cookie) on the first generation
 * (DESIGN §4). A new guest whose address has no trial texts left is the 402 at once.
 */
export async function payingOwner(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
  requestUrl: URL,
  now: Date,
): Promise<CreditOwner> {
  const { user } = locals;
  if (user?.emailVerified) return { kind: "user", userId: user.id };
  const addressHash = await hashAddress(db, locals.clientNetwork);
  if (user) return { kind: "user", userId: user.id, addressHash };
  const found = await findOrCreateGuest(db, readGuestCookie(cookies, requestUrl), addressHash, now);
  if (!found) throw exhausted({ kind: "guest", addressHash });
  const { guest, created } = found;
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
