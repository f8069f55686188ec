import { eq } from "drizzle-orm";
import type { Database, Transaction } from "#server/db/index.ts";
import { users } from "#server/db/schema.ts";
import {
  creditsSpent,
  emailHasher,
  findAllowanceHold,
  holdAfterDeletion,
  saveAllowanceHold,
  signupCredits,
  verificationTarget,
  type EmailHasher,
} from "./allowance-holds.ts";
import { creditsGranted } from "#server/metrics.ts";
import { postCredit } from "./ledger.ts";
import { applyDomainPlan, readPlan, type Plan } from "./plan.ts";

/**
 * 00:00 UTC of the last reset day (the plan's `resetDay`, 0 Sunday … 6 Saturday; Monday
 * by default) at or before `now`.
 */
function weekStartOf(now: Date, resetDay: number): Date {
  const day = (now.getUTCDay() - resetDay + 7) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
}

/**
 * The week's first day as YYYY-MM-DD: the weekly grant's key. A changed reset day starts a
 * new week at its next occurrence, or at once when that day is already past this week.
 */
export function weekKey(now: Date, resetDay = 1): string {
  return weekStartOf(now, resetDay).toISOString().slice(0, 10);
}

/**
 * The reset day's 00:00 UTC after `now` (Monday by default: the dialog promises a reset
 * "every Monday morning"); UTC keeps one answer for every instance and every visitor.
 */
export function nextWeeklyReset(now: Date, resetDay = 1): Date {
  return new Date(weekStartOf(now, resetDay).getTime() + 7 * 86_400_000);
}

/** 00:00 UTC of the day that holds `now`: the ad limit counts per UTC day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Raises a verified account to `target` (the weekly allowance, or less under an allowance
 * hold): `max(balance, target)`, so ad credits above it are kept. The weekly grant and the
 * verification top-up are both this posting.
 */
async function raiseToAllowance(
  tx: Transaction,
  user: { id: string; credits: number },
  reason: "weekly_grant" | "verification_top_up",
  key: string,
  now: Date,
  target: number,
): Promise<number> {
  const delta = Math.max(0, target - user.credits);
  if (delta === 0) return user.credits;
  return (await postCredit(tx, { kind: "user", userId: user.id }, { delta, reason, key, now }))!;
}

/** Whether this week's grant is still to be given to this account. */
export function weeklyGrantDue(
  user: { emailVerified: boolean; lastWeeklyGrant: string | null },
  now: Date,
  resetDay: number,
): boolean {
  const week = weekKey(now, resetDay);
  return user.emailVerified && (user.lastWeeklyGrant === null || user.lastWeeklyGrant < week);
}

/**
 * The weekly allowance: a verified account's balance becomes max(balance, allowance) once
 * per week (the plan's allowance, or its named plan's). Called on every read and debit; the
 * row lock and the week-keyed ledger row make it happen once however many calls race.
 * Returns the account's balance and verification after it, so a reader needs no second
 * query (null for an unknown account). `plan` is the caller's read of the account's plan,
 * read here when not given.
 */
export async function applyWeeklyGrant(
  db: Database,
  userId: string,
  now: Date,
  plan?: Plan,
): Promise<{ credits: number; emailVerified: boolean } | null> {
  const { resetDay, weeklyAllowance } = plan ?? (await readPlan(db, userId));
  const week = weekKey(now, resetDay);
  const due = (u: { emailVerified: boolean; lastWeeklyGrant: string | null }) =>
    weeklyGrantDue(u, now, resetDay);
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
  const granted = await db.transaction(async (tx) => {
    const [user] = await tx.select(columns).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return null;
    if (!due(user)) return { credits: user.credits, emailVerified: user.emailVerified, given: 0 };
    await tx.update(users).set({ lastWeeklyGrant: week }).where(eq(users.id, userId));
    const credits = await raiseToAllowance(
      tx,
      user,
      "weekly_grant",
      `weekly:${userId}:${week}`,
      now,
      weeklyAllowance,
    );
    return { credits, emailVerified: true, given: credits - user.credits };
  });
  if (!granted) return null;
  // Counted once the grant has committed (decision 093).
  if (granted.given > 0) creditsGranted.inc({ kind: "weekly" }, granted.given);
  return { credits: granted.credits, emailVerified: granted.emailVerified };
}

/**
 * Writes the starting balance and its ledger row, inside the registration transaction:
 * the usual signup credits, or less when a deleted account of the same mailbox left less
 * this week (decision 084).
 */
export async function grantSignupCredits(
  tx: Transaction,
  user: { id: string; email: string },
  now: Date,
  hashEmail: EmailHasher,
): Promise<void> {
  const plan = await readPlan(tx);
  const hold = await findAllowanceHold(tx, hashEmail(user.email), now);
  const delta = signupCredits(hold, weekKey(now, plan.resetDay), plan.trialCredits);
  if (delta === 0) return;
  await postCredit(
    tx,
    { kind: "user", userId: user.id },
    { delta, reason: "signup_grant", key: `signup:${user.id}`, now },
  );
}

/**
 * Marks the account verified and raises its balance to the weekly allowance (or what an
 * allowance hold leaves of it), counting this week as granted. Idempotent: a second call
 * finds the account verified.
 */
export async function verifyAccount(db: Database, userId: string, now: Date): Promise<boolean> {
  const hashEmail = await emailHasher(db);
  return db.transaction((tx) => verifyAccountIn(tx, userId, now, hashEmail));
}

/** verifyAccount inside the caller's transaction (an operator's, with its audit row). */
export async function verifyAccountIn(
  tx: Transaction,
  userId: string,
  now: Date,
  hashEmail: EmailHasher,
): Promise<boolean> {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      credits: users.credits,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!user) return false;
  if (user.emailVerified) return true;
  // An address of a domain with a named plan is put on it now (issue 29).
  await applyDomainPlan(tx, userId, user.email, now);
  const plan = await readPlan(tx, userId);
  const week = weekKey(now, plan.resetDay);
  await tx
    .update(users)
    .set({ emailVerified: true, verifiedAt: now, lastWeeklyGrant: week })
    .where(eq(users.id, userId));
  const hold = await findAllowanceHold(tx, hashEmail(user.email), now);
  const spent = hold ? await creditsSpent(tx, userId) : 0;
  const target = verificationTarget(hold, spent, week, plan.weeklyAllowance);
  await raiseToAllowance(tx, user, "verification_top_up", `verify:${userId}`, now, target);
  return true;
}

/**
 * Keeps what an account about to be deleted has left of its week under a hash of its
 * mailbox (decision 084), in the deletion's transaction. False when there is no such account.
 */
export async function holdAllowanceOf(
  tx: Transaction,
  userId: string,
  now: Date,
  hashEmail: EmailHasher,
): Promise<boolean> {
  const [account] = await tx
    .select({ email: users.email, emailVerified: users.emailVerified, credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!account) return false;
  const keys = hashEmail(account.email);
  const previous = await findAllowanceHold(tx, keys, now);
  const spent = await creditsSpent(tx, userId);
  const { resetDay } = await readPlan(tx);
  const hold = holdAfterDeletion({ ...account, spent }, previous, weekKey(now, resetDay));
  await saveAllowanceHold(tx, keys, hold, now);
  return true;
}
