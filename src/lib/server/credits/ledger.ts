import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "#server/db/index.ts";
import { creditLedger, guests, users } from "#server/db/schema.ts";

/** Who holds credits: an account, or a guest's one-time trial (DESIGN §4). */
export type CreditOwner =
  { kind: "user"; userId: string } | { kind: "guest"; guestId: string; addressHash: string };

export type CreditReason = (typeof creditLedger.reason.enumValues)[number];

export interface CreditPosting {
  /** Positive to give, negative to take. */
  delta: number;
  reason: CreditReason;
  /**
   * Unique per real-world event (`ad:<id>`, `weekly:<user>:<monday>`): posting the same key
   * twice fails with a unique violation, and the transaction with it.
   */
  key: string;
  generationId?: string;
  now: Date;
}

/**
 * The one writer of balances (DESIGN §4): changes the owner's balance and writes its
 * ledger row in the caller's transaction, so the balance always equals the ledger sum. A
 * debit is conditional (`… WHERE credits >= cost`): it returns null, writing nothing, when
 * the balance does not cover it, so parallel debits can never spend the same credits.
 * Returns the balance after the posting.
 */
export async function postCredit(
  tx: Transaction,
  owner: CreditOwner,
  posting: CreditPosting,
): Promise<number | null> {
  const covered = (credits: typeof users.credits | typeof guests.credits) =>
    posting.delta < 0 ? sql`${credits} >= ${-posting.delta}` : sql`true`;
  const [row] =
    owner.kind === "user"
      ? await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${posting.delta}` })
          .where(and(eq(users.id, owner.userId), covered(users.credits)))
          .returning({ credits: users.credits })
      : await tx
          .update(guests)
          .set({ credits: sql`${guests.credits} + ${posting.delta}` })
          .where(and(eq(guests.id, owner.guestId), covered(guests.credits)))
          .returning({ credits: guests.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({
    ...(owner.kind === "user" ? { userId: owner.userId } : { guestId: owner.guestId }),
    delta: posting.delta,
    reason: posting.reason,
    generationId: posting.generationId ?? null,
    idempotencyKey: posting.key,
    createdAt: posting.now,
  });
  return row.credits;
}

/** The owner's balance as it stands. */
export async function balanceOf(db: Database, owner: CreditOwner): Promise<number> {
  const [row] =
    owner.kind === "user"
      ? await db.select({ credits: users.credits }).from(users).where(eq(users.id, owner.userId))
      : await db
          .select({ credits: guests.credits })
          .from(guests)
          .where(eq(guests.id, owner.guestId));
  return row?.credits ?? 0;
}
