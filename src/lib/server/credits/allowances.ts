import { eq, sql } from "drizzle-orm";
import { UNVERIFIED_CREDITS, WEEKLY_ALLOWANCE } from "../../shared/credits.ts";
import type { Database, Transaction } from "../db/index.ts";
import { creditLedger, users } from "../db/schema.ts";

/** Monday 00:00 UTC of the week that holds `now`. */
function mondayOf(now: Date): Date {
  const day = (now.getUTCDay() + 6) % 7; // Monday = 0
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/** The week's Monday as YYYY-MM-DD: the weekly grant's key. */
export function weekKey(now: Date): string {
  return mondayOf(now).toISOString().slice(0, 10);
}

/**
 * Monday 00:00 UTC after `now`: the dialog promises a reset "every Monday morning", and
 * UTC keeps one answer for every instance and every visitor.
 */
export function nextWeeklyReset(now: Date): Date {
  return new Date(mondayOf(now).getTime() + 7 * 86_400_000);
}

/** 00:00 UTC of the day that holds `now`: the ad limit counts per UTC day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The weekly allowance: a verified account's balance becomes max(balance, 1000) once per
 * week (ad credits above the allowance are kept). Called on every read and debit; the row
 * lock and the week-keyed ledger row make it happen once however many calls race.
 * Returns the account's balance and verification after it, so a reader needs no second
 * query (null for an unknown account).
 */
export async function applyWeeklyGrant(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ credits: number; emailVerified: boolean } | null> {
  const week = weekKey(now);
  const due = (u: { emailVerified: boolean; lastWeeklyGrant: string | null }) =>
    u.emailVerified && (u.lastWeeklyGrant === null || u.lastWeeklyGrant < week);
  const columns = {
    credits: users.credits,
    emailVerified: users.emailVerified,
    lastWeeklyGrant: users.lastWeeklyGrant,
  };
  // Most calls find the week granted already: a plain read, no lock.
  const [current] = await db.select(columns).from(users).where(eq(users.id, userId));
  if (!current) return null;
  if (!due(current)) return { credits: current.credits, emailVerified: current.emailVerified };
  return db.transaction(async (tx) => {
    const [user] = await tx.select(columns).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    if (!due(user)) return { credits: user.credits, emailVerified: user.emailVerified };
    const delta = Math.max(0, WEEKLY_ALLOWANCE - user.credits);
    await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${delta}`, lastWeeklyGrant: week })
      .where(eq(users.id, userId));
    if (delta > 0) {
      await tx.insert(creditLedger).values({
        userId,
        delta,
        reason: "weekly_grant",
        idempotencyKey: `weekly:${userId}:${week}`,
        createdAt: now,
      });
    }
    return { credits: user.credits + delta, emailVerified: true };
  });
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
