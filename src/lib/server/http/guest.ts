import type { AstroCookies } from "astro";
import { isSecureSite } from "#server/auth/cookies.ts";
import { isWellFormedToken } from "#server/tokens.ts";
import { GUEST_LIFETIME_MS, findGuest, type Guest } from "#server/credits/guests.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { payingOwner } from "#server/credits/paying-owner.ts";
import type { Database } from "#server/db/index.ts";
import { hashAddress } from "#server/keys/address-hash.ts";
import type { ClientNetwork } from "#server/network/client-network.ts";

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
 * Who pays for this request's generation (credits/paying-owner.ts); a guest made for it
 * gets its cookie here. `needsTrial` false for what costs nothing (one's own text).
 */
export async function payingOwnerOf(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
  requestUrl: URL,
  now: Date,
  needsTrial = true,
): Promise<CreditOwner> {
  const asker = {
    user: locals.user,
    guestId: readGuestCookie(cookies, requestUrl),
    clientNetwork: locals.clientNetwork,
    apiKeyId: locals.apiKeyId,
  };
  const { owner, guestCreated } = await payingOwner(db, asker, now, needsTrial);
  if (guestCreated && owner.kind === "guest") {
    cookies.set(guestCookieName(requestUrl), owner.guestId, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: isSecureSite(requestUrl),
      maxAge: GUEST_COOKIE_MAX_AGE,
    });
  }
  return owner;
}

/** The caller as an owner of existing generations, without creating a guest. */
export async function existingOwner(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
  requestUrl: URL,
): Promise<CreditOwner | null> {
  if (locals.user) {
    return { kind: "user", userId: locals.user.id, apiKeyId: locals.apiKeyId ?? undefined };
  }
  const guest = await findGuest(db, readGuestCookie(cookies, requestUrl));
  return guest ? { kind: "guest", guestId: guest.id, addressHash: guest.addressHash } : null;
}
