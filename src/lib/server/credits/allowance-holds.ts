import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { UNVERIFIED_CREDITS, WEEKLY_ALLOWANCE } from "#shared/credits.ts";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { allowanceHolds, creditLedger } from "#server/db/schema.ts";
import { readDeploymentKey } from "#server/deployment-keys.ts";

/**
 * The allowance follows the address, not the account row (DESIGN §4, decision 084): when
 * an account is deleted, what it had left of its week is kept under a hash of its address,
 * and an account registered again at that address within the same week is granted no more.
 * The rules take the week (its Monday, `weekKey`) they are applied in; allowances.ts
 * applies them at deletion, registration and verification.
 */

/** How long a hold is kept after the deletion: a week, and a day for the week's edge. */
export const ALLOWANCE_HOLD_MS = 8 * DAY_MS;

/** What a deleted account had left of its week. */
export interface AllowanceHold {
  /** Monday (YYYY-MM-DD) of the week of the deletion. */
  week: string;
  /** The balance it had left. */
  credits: number;
  /** The most a verification may still grant this week; null: the whole allowance. */
  weekCap: number | null;
}

/** The deleted account, as the hold needs it. */
export interface DepartingAccount {
  emailVerified: boolean;
  credits: number;
  /** Credits its texts cost, net of refunds. */
  spent: number;
}

/** The hold that applies in `week`: only one from that very week limits anything. */
function thisWeeks(hold: AllowanceHold | null, week: string): AllowanceHold | null {
  return hold && hold.week === week ? hold : null;
}

/**
 * What to keep when an account is deleted. A verified account had its week: it may get no
 * more than its balance. An unverified one had not, unless it was itself registered under a
 * hold of this week, whose cap then carries on less what it spent: deleting it again must
 * not lift the cap.
 */
export function holdAfterDeletion(
  account: DepartingAccount,
  previous: AllowanceHold | null,
  week: string,
): AllowanceHold {
  if (account.emailVerified) return { week, credits: account.credits, weekCap: account.credits };
  const cap = thisWeeks(previous, week)?.weekCap ?? null;
  return {
    week,
    credits: account.credits,
    weekCap: cap === null ? null : Math.max(0, cap - account.spent),
  };
}

/** A new account's signup credits: the usual, or what the deleted one had left if less. */
export function signupCredits(hold: AllowanceHold | null, week: string): number {
  const held = thisWeeks(hold, week);
  return held ? Math.min(UNVERIFIED_CREDITS, Math.max(0, held.credits)) : UNVERIFIED_CREDITS;
}

/**
 * The balance a verification raises an account to: the weekly allowance, or under a hold
 * of this week with a cap, the cap less what the account spent since it registered.
 */
export function verificationTarget(
  hold: AllowanceHold | null,
  spent: number,
  week: string,
): number {
  const cap = thisWeeks(hold, week)?.weekCap ?? null;
  return cap === null ? WEEKLY_ALLOWANCE : Math.min(WEEKLY_ALLOWANCE, Math.max(0, cap - spent));
}

/** Hashes an address as stored (trimmed, lower-cased by the schema). */
export type EmailHasher = (email: string) => string;

/**
 * HMAC-SHA256 of an address, keyed per deployment: enough to recognise it when it
 * registers again, not to recover it. The key is read before any transaction that uses
 * it, so that the first instance's write of the key is never rolled back with one.
 */
export async function emailHasher(db: Database): Promise<EmailHasher> {
  const key = await readDeploymentKey(db, "email_hash_key");
  return (email) => createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}

/** The live hold on an address, if any. */
export async function findAllowanceHold(
  db: Database | Transaction,
  emailHash: string,
  now: Date,
): Promise<AllowanceHold | null> {
  const [row] = await db
    .select({
      week: allowanceHolds.week,
      credits: allowanceHolds.credits,
      weekCap: allowanceHolds.weekCap,
    })
    .from(allowanceHolds)
    .where(and(eq(allowanceHolds.emailHash, emailHash), gt(allowanceHolds.expiresAt, now)));
  return row ?? null;
}

/** Credits an account's texts cost, net of their refunds. */
export async function creditsSpent(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(-sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(
      and(eq(creditLedger.userId, userId), inArray(creditLedger.reason, ["generation", "refund"])),
    );
  return row?.spent ?? 0;
}

/** Keeps (or replaces) the hold on an address for ALLOWANCE_HOLD_MS from `now`. */
export async function saveAllowanceHold(
  tx: Transaction,
  emailHash: string,
  hold: AllowanceHold,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + ALLOWANCE_HOLD_MS);
  await tx
    .insert(allowanceHolds)
    .values({ emailHash, ...hold, expiresAt })
    .onConflictDoUpdate({ target: allowanceHolds.emailHash, set: { ...hold, expiresAt } });
}

/** The cleanup job: holds whose 8 days are over. Returns how many went. */
export async function deleteExpiredAllowanceHolds(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(allowanceHolds)
    .where(lt(allowanceHolds.expiresAt, now))
    .returning({ emailHash: allowanceHolds.emailHash });
  return deleted.length;
}
