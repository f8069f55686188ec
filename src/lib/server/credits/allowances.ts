import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/index.ts";
import { creditLedger, users } from "../db/schema.ts";

/** DESIGN §4: an unverified account starts with 300; verification tops it up to 1000. */
export const UNVERIFIED_CREDITS = 300;
export const WEEKLY_ALLOWANCE = 1000;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Monday 00:00 UTC of the week that holds `now`, as YYYY-MM-DD (the weekly grant's key). */
export function weekKey(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day),
  );
  return monday.toISOString().slice(0, 10);
}

/** Writes the starting balance and its ledger row, inside the registration transaction. */
export async function grantSignupCredits(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${UNVERIFIED_CREDITS}` })
    .where(eq(users.id, userId));
  await tx.insert(creditLedger).values({
    userId,
    delta: UNVERIFIED_CREDITS,
    reason: "signup_grant",
    idempotencyKey: `signup:${userId}`,
    createdAt: now,
  });
}

/**
 * Marks the account verified and raises its balance to the weekly allowance, counting
 * this week as granted. Idempotent: a second call finds the account verified.
 */
export async function verifyAccount(db: Database, userId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ credits: users.credits, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return false;
    if (user.emailVerified) return true;
    const delta = Math.max(0, WEEKLY_ALLOWANCE - user.credits);
    await tx
      .update(users)
      .set({
        emailVerified: true,
        verifiedAt: now,
        credits: sql`${users.credits} + ${delta}`,
        lastWeeklyGrant: weekKey(now),
      })
      .where(eq(users.id, userId));
    if (delta > 0) {
      await tx.insert(creditLedger).values({
        userId,
        delta,
        reason: "verification_top_up",
        idempotencyKey: `verify:${userId}`,
        createdAt: now,
      });
    }
    return true;
  });
}
