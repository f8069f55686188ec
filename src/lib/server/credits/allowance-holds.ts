import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { UNVERIFIED_CREDITS, WEEKLY_ALLOWANCE } from "#shared/credits.ts";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { allowanceHolds, creditLedger } from "#server/db/schema.ts";
import { readDeploymentKey } from "#server/keys/deployment-keys.ts";
import { canonicalMailbox } from "#server/email/mailbox.ts";

/**
 * The allowance follows the address, not the account row (DESIGN §4, decision 084): when
 * an account is deleted, what it had left of its week is kept under a hash of its mailbox,
 * and an account registered again at that mailbox, under any spelling, within the same
 * week is granted no more.
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

/**
 * A new account's signup credits: the usual (`usual`, the plan's trial), or what the
 * deleted one had left if less.
 */
export function signupCredits(
  hold: AllowanceHold | null,
  week: string,
  usual = UNVERIFIED_CREDITS,
): number {
  const held = thisWeeks(hold, week);
  return held ? Math.min(usual, Math.max(0, held.credits)) : usual;
}

/**
 * The balance a verification raises an account to: the weekly allowance (`allowance`, the
 * account's plan's), or under a hold of this week with a cap, the cap less what the
 * account spent since it registered.
 */
export function verificationTarget(
  hold: AllowanceHold | null,
  spent: number,
  week: string,
  allowance = WEEKLY_ALLOWANCE,
): number {
  const cap = thisWeeks(hold, week)?.weekCap ?? null;
  return cap === null ? allowance : Math.min(allowance, Math.max(0, cap - spent));
}

/**
 * Where a hold on an address is kept: under its mailbox's key (every spelling of one
 * mailbox shares it), and, for a spelling that is not the mailbox itself, under the key
 * holds were written with before mailboxes (the address as stored). The earlier key is
 * only read, and dropped at the next write: such holds are gone 8 days after the change.
 */
export interface HoldKeys {
  key: string;
  earlierKey: string | null;
}

/** An address's hold keys. */
export type EmailHasher = (email: string) => HoldKeys;

/**
 * HMAC-SHA256 of an address's canonical mailbox, keyed per deployment: enough to recognise
 * the mailbox when it registers again under any spelling, not to recover it. The key is
 * read before any transaction that uses it, so that the first instance's write of the key
 * is never rolled back with one.
 */
export async function emailHasher(db: Database): Promise<EmailHasher> {
  const secret = await readDeploymentKey(db, "email_hash_key");
  const hash = (text: string) => createHmac("sha256", secret).update(text).digest("hex");
  return (email) => {
    const mailbox = canonicalMailbox(email);
    const stored = email.trim().toLowerCase();
    return { key: hash(mailbox), earlierKey: stored === mailbox ? null : hash(stored) };
  };
}

/**
 * The stricter of two holds on one mailbox (one under each of its keys): the later week's,
 * or in the same week the lower balance and the lower cap.
 */
export function stricterHold(a: AllowanceHold, b: AllowanceHold): AllowanceHold {
  if (a.week !== b.week) return a.week > b.week ? a : b;
  const caps = [a.weekCap, b.weekCap].filter((cap) => cap !== null);
  return {
    week: a.week,
    credits: Math.min(a.credits, b.credits),
    weekCap: caps.length > 0 ? Math.min(...caps) : null,
  };
}

/** The live hold on a mailbox, if any. */
export async function findAllowanceHold(
  db: Database | Transaction,
  keys: HoldKeys,
  now: Date,
): Promise<AllowanceHold | null> {
  const rows = await db
    .select({
      week: allowanceHolds.week,
      credits: allowanceHolds.credits,
      weekCap: allowanceHolds.weekCap,
    })
    .from(allowanceHolds)
    .where(
      and(inArray(allowanceHolds.emailHash, keyList(keys)), gt(allowanceHolds.expiresAt, now)),
    );
  return rows.length === 0 ? null : rows.reduce(stricterHold);
}

function keyList({ key, earlierKey }: HoldKeys): string[] {
  return earlierKey === null ? [key] : [key, earlierKey];
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

/**
 * Keeps (or replaces) the hold on a mailbox for ALLOWANCE_HOLD_MS from `now`, under its
 * mailbox's key; a hold under the earlier key was read into this one and goes.
 */
export async function saveAllowanceHold(
  tx: Transaction,
  keys: HoldKeys,
  hold: AllowanceHold,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + ALLOWANCE_HOLD_MS);
  await tx
    .insert(allowanceHolds)
    .values({ emailHash: keys.key, ...hold, expiresAt })
    .onConflictDoUpdate({ target: allowanceHolds.emailHash, set: { ...hold, expiresAt } });
  if (keys.earlierKey !== null) {
    await tx.delete(allowanceHolds).where(eq(allowanceHolds.emailHash, keys.earlierKey));
  }
}

/** The cleanup job: holds whose 8 days are over. Returns how many went. */
export async function deleteExpiredAllowanceHolds(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(allowanceHolds)
    .where(lt(allowanceHolds.expiresAt, now))
    .returning({ emailHash: allowanceHolds.emailHash });
  return deleted.length;
}
