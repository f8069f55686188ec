import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { GUEST_TRIAL_CREDITS } from "#shared/credits.ts";
import { generateRandomToken, isWellFormedToken } from "#server/tokens.ts";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { generations, guests } from "#server/db/schema.ts";
import { guestGenerationsFromAddress } from "./trial.ts";
import { readPlan } from "./plan.ts";
import { openGuest } from "./ledger.ts";

/**
 * The `guest_id` cookie's life, set once when the guest is created, and so the guest's:
 * 30 days. A trial is three texts; a year of keeping them stored what nobody came back for.
 */
export const GUEST_LIFETIME_MS = 30 * DAY_MS;

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
  trialCredits = GUEST_TRIAL_CREDITS,
): Promise<Guest> {
  const id = generateRandomToken(20);
  const credits = await openGuest(
    db,
    { id, addressHash },
    { delta: trialCredits, reason: "guest_trial", key: `guest:${id}`, now },
  );
  return { id, credits, addressHash };
}

/**
 * The guest behind a browser's guest cookie, or a new one (DESIGN §4: created on the first
 * generation). `created` tells the caller to set the cookie. Null when a new guest would be
 * needed but its address has used up its trial texts for the day: such a guest could write
 * nothing, so none is kept.
 */
export async function findOrCreateGuest(
  db: Database,
  guestId: string | undefined,
  addressHash: string,
  now: Date,
  needsTrial = true,
): Promise<{ guest: Guest; created: boolean } | null> {
  const found = await findGuest(db, guestId);
  if (found) return { guest: found, created: false };
  const plan = await readPlan(db);
  if (
    needsTrial &&
    (await guestGenerationsFromAddress(db, addressHash, now)) >= plan.trialTextsPerNetwork
  ) {
    return null;
  }
  return { guest: await createGuest(db, addressHash, now, plan.trialCredits), created: true };
}

/**
 * Guests nobody can come back as, or who left nothing to come back for: those without a
 * text a day after they came (nor any attempt in that day), and all of them once their
 * cookie has expired. Their ledger rows and unmoved texts go with them (ON DELETE CASCADE);
 * texts that moved to an account stay the account's. Returns how many were deleted.
 */
export async function deleteStaleGuests(db: Database | Transaction, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const cookieGone = new Date(now.getTime() - GUEST_LIFETIME_MS);
  const textless = and(
    lt(guests.createdAt, dayAgo),
    sql`not exists (select 1 from ${generations} g where g.guest_id = ${guests.id} and (g.status <> 'failed' or g.created_at > ${dayAgo}))`,
  );
  const stale = db
    .select({ id: guests.id })
    .from(guests)
    .where(or(lt(guests.createdAt, cookieGone), textless));
  await db
    .update(generations)
    .set({ guestId: null })
    .where(and(inArray(generations.guestId, stale), isNotNull(generations.userId)));
  const deleted = await db
    .delete(guests)
    .where(inArray(guests.id, stale))
    .returning({ id: guests.id });
  return deleted.length;
}
