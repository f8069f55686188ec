import { and, eq, lt, sql } from "drizzle-orm";
import { DEFAULT_PLAN } from "#shared/plan.ts";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { textRecords } from "#server/db/schema.ts";

/**
 * The free trial's per-network cap (DESIGN §4, decisions 057, 084, 085): what guests and
 * unverified accounts of one network may write in 24 hours, counted from what was written.
 */

/** DESIGN §4: the default per-network cap, 10 trial texts per 24 h (the plan may differ). */
export const GUEST_GENERATIONS_PER_ADDRESS = DEFAULT_PLAN.trialTextsPerNetwork;

/** Advisory-lock namespace for the per-address guest cap. */
const GUEST_ADDRESS_LOCK = 7_240_003;
/**
 * Trial texts from one address in the last 24 hours: guests' and unverified accounts'.
 * Counted from `text_records` (decision 084), which a trigger writes as each text is made
 * and which no deletion touches, so a text deleted afterwards (or moved to an account and
 * deleted there) still counts: the cap counts texts written, not texts kept. Only trial
 * texts carry an address (see newRow); a text stopped before any word cost nothing and is
 * not counted, nor is a template draft.
 */
export async function guestGenerationsFromAddress(
  db: Pick<Database, "select">,
  addressHash: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(textRecords)
    .where(
      and(
        eq(textRecords.addressHash, addressHash),
        sql`${textRecords.cost} > 0`,
        sql`${textRecords.createdAt} > ${new Date(now.getTime() - DAY_MS)}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Trial texts an address may still start today (DESIGN §4: at most the plan's
 * `trialTextsPerNetwork`, 10 by default, across guest ids and the address's unverified
 * accounts), never below 0.
 */
export function trialTextsLeft(
  writtenToday: number,
  perNetwork = GUEST_GENERATIONS_PER_ADDRESS,
): number {
  return Math.max(0, perNetwork - writtenToday);
}

/**
 * Forgets the addresses of trial texts older than the 24 hours the cap looks back: the
 * record stays for the console, the address is no longer needed. Returns how many.
 */
export async function forgetTrialAddresses(db: Database, now: Date): Promise<number> {
  const cleared = await db
    .update(textRecords)
    .set({ addressHash: null })
    .where(
      and(
        sql`${textRecords.addressHash} is not null`,
        lt(textRecords.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .returning({ id: textRecords.generationId });
  return cleared.length;
}

/**
 * Whether a guest's (or an unverified account's) address may start another trial text. Takes a transaction-scoped lock
 * on the address first, so parallel guests of one address cannot race past the cap.
 */
export async function guestAddressHasRoom(
  tx: Transaction,
  addressHash: string,
  now: Date,
  perNetwork: number,
): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${GUEST_ADDRESS_LOCK}, hashtext(${addressHash}))`,
  );
  return trialTextsLeft(await guestGenerationsFromAddress(tx, addressHash, now), perNetwork) > 0;
}
