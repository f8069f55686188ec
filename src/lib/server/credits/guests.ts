import { eq } from "drizzle-orm";
import { GUEST_TRIAL_CREDITS } from "../../shared/credits.ts";
import { generateRandomToken } from "../auth/tokens.ts";
import type { Database } from "../db/index.ts";
import { creditLedger, guests } from "../db/schema.ts";

export const GUEST_COOKIE = "guest_id";

export interface Guest {
  id: string;
  credits: number;
  addressHash: string;
}

export async function findGuest(db: Database, guestId: string | undefined): Promise<Guest | null> {
  if (!guestId || guestId.length > 64) return null;
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

/** A new guest with its one-time trial, written with its ledger row. */
export async function createGuest(db: Database, addressHash: string, now: Date): Promise<Guest> {
  const id = generateRandomToken(20);
  await db.transaction(async (tx) => {
    await tx
      .insert(guests)
      .values({ id, credits: GUEST_TRIAL_CREDITS, addressHash, createdAt: now });
    await tx.insert(creditLedger).values({
      guestId: id,
      delta: GUEST_TRIAL_CREDITS,
      reason: "guest_trial",
      idempotencyKey: `guest:${id}`,
      createdAt: now,
    });
  });
  return { id, credits: GUEST_TRIAL_CREDITS, addressHash };
}
