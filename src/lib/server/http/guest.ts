import type { AstroCookies } from "astro";
import { isSecureSite } from "../auth/cookies.ts";
import { createGuest, findGuest, GUEST_COOKIE, type Guest } from "../credits/guests.ts";
import type { CreditOwner } from "../credits/reservations.ts";
import type { Database } from "../db/index.ts";
import { hashAddress } from "./address-hash.ts";

const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The guest behind this browser's `guest_id` cookie (if any) and its address hash. */
export async function currentGuest(
  db: Database,
  cookies: AstroCookies,
  clientAddress: string,
): Promise<{ guest: Guest | null; addressHash: string }> {
  const [guest, addressHash] = await Promise.all([
    findGuest(db, cookies.get(GUEST_COOKIE)?.value),
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
  const { guest, addressHash } = await currentGuest(db, cookies, locals.clientAddress);
  const payer = guest ?? (await createGuest(db, addressHash, now));
  if (!guest) {
    cookies.set(GUEST_COOKIE, payer.id, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: isSecureSite(requestUrl),
      maxAge: GUEST_COOKIE_MAX_AGE,
    });
  }
  return { kind: "guest", guestId: payer.id, addressHash };
}

/** The caller as an owner of existing generations, without creating a guest. */
export async function existingOwner(
  db: Database,
  locals: App.Locals,
  cookies: AstroCookies,
): Promise<CreditOwner | null> {
  if (locals.user) return { kind: "user", userId: locals.user.id };
  const guest = await findGuest(db, cookies.get(GUEST_COOKIE)?.value);
  return guest ? { kind: "guest", guestId: guest.id, addressHash: guest.addressHash } : null;
}
