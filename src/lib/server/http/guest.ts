import type { AstroCookies } from "astro";
import { findGuest, GUEST_COOKIE, type Guest } from "../credits/guests.ts";
import type { Database } from "../db/index.ts";
import { hashAddress } from "./address-hash.ts";

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
