import { eq } from "drizzle-orm";
import { GUEST_TRIAL_CREDITS } from "#shared/credits.ts";
import { generateRandomToken, isWellFormedToken } from "#server/auth/tokens.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { guests } from "#server/db/schema.ts";
import { openGuest } from "./ledger.ts";

export interface Guest {
  id: string;
  credits: number;
  addressHash: string;
}

export async function findGuest(db: Database, guestId: string | undefined): Promise<Guest | null> {
  if (!isWellFormedToken(guestId)) return null;
  const [row] = await db
    .select({
      id: guests.id,
      credits: guests.credits,
      addressHash: guests.addressHash,
      claimed: guests.claimedByUserId,
    })
    .from(guests)
    .where(eq(guests.id, guestId));
  // A trial that moved to an account is over.
  if (!row || row.claimed) return null;
  return { id: row.id, credits: row.credits, addressHash: row.addressHash };
}

/** A new guest with its one-time trial, written with its ledger row in one statement. */
export async function createGuest(
  db: Database | Transaction,
  addressHash: string,
  now: Date,
): Promise<Guest> {
  const id = generateRandomToken(20);
  const credits = await openGuest(
    db,
    { id, addressHash },
    { delta: GUEST_TRIAL_CREDITS, reason: "guest_trial", key: `guest:${id}`, now },
  );
  return { id, credits, addressHash };
}

/**
 * The guest behind a browser's guest cookie, or a new one (DESIGN §4: created on the first
 * generation). `created` tells the caller to set the cookie.
 */
export async function findOrCreateGuest(
  db: Database,
  guestId: string | undefined,
  addressHash: string,
  now: Date,
): Promise<{ guest: Guest; created: boolean }> {
  const found = await findGuest(db, guestId);
  if (found) return { guest: found, created: false };
  return { guest: await createGuest(db, addressHash, now), created: true };
}
