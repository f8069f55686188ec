import { eq } from "drizzle-orm";
import { UNVERIFIED_CREDITS, WEEKLY_ALLOWANCE } from "#shared/credits.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { users } from "#server/db/schema.ts";
import { postCredit } from "./ledger.ts";

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
 * Raises a verified account to the weekly allowance: `max(balance, 1000)`, so ad credits
 * above it are kept. The weekly grant and the verification top-up are both this posting.
 */
async function raiseToAllowance(
  tx: Transaction,
  user: { id: string; credits: number },
  reason: "weekly_grant" | "verification_top_up",
  key: string,
  now: Date,
): Promise<number> {
  const delta = Math.max(0, WEEKLY_ALLOWANCE - user.credits);
  if (delta === 0) return user.credits;
  return (await postCredit(tx, { kind: "user", userId: user.id }, { delta, reason, key, now }))!;
}

/** Whether this week's grant is still to be given to this account. */
export function weeklyGrantDue(
  user: { emailVerified: boolean; lastWeeklyGrant: string | null },
  now: Date,
): boolean {
  const week = weekKey(now);
  return user.emailVerified && (user.lastWeeklyGrant === null || user.lastWeeklyGrant < week);
}

/**
 * The weekly allowance: a verified account's balance becomes max(balance, 1000) once per
 * week. Called on every read and debit; the row lock and the week-keyed ledger row make it
 * happen once however many calls race. Returns the account's balance and verification
 * after it, so a reader needs no second query (null for an unknown account).
 */
export async function applyWeeklyGrant(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ credits: number; emailVerified: boolean } | null> {
  const week = weekKey(now);
  const due = (u: { emailVerified: boolean; lastWeeklyGrant: string | null }) =>
    weeklyGrantDue(u, now);
  const columns = {
    id: users.id,
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
    await tx.update(users).set({ lastWeeklyGrant: week }).where(eq(users.id, userId));
    const credits = await raiseToAllowance(
      tx,
      user,
      "weekly_grant",
      `weekly:${userId}:${week}`,
      now,
    );
    return { credits, emailVerified: true };
  });
}

/** Writes the starting balance and its ledger row, inside the registration transaction. */
export async function grantSignupCredits(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<void> {
  await postCredit(
    tx,
    { kind: "user", userId },
    { delta: UNVERIFIED_CREDITS, reason: "signup_grant", key: `signup:${userId}`, now },
  );
}

/**
 * Marks the account verified and raises its balance to the weekly allowance, counting
 * this week as granted. Idempotent: a second call finds the account verified.
 */
export async function verifyAccount(db: Database, userId: string, now: Date): Promise<boolean> {
  return db.transaction((tx) => verifyAccountIn(tx, userId, now));
}

/** verifyAccount inside the caller's transaction (an operator's, with its audit row). */
export async function verifyAccountIn(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id, credits: users.credits, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) return false;
  if (user.emailVerified) return true;
  await tx
    .update(users)
    .set({ emailVerified: true, verifiedAt: now, lastWeeklyGrant: weekKey(now) })
    .where(eq(users.id, userId));
  await raiseToAllowance(tx, user, "verification_top_up", `verify:${userId}`, now);
  return true;
}
