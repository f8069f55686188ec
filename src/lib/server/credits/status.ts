import { desc, eq } from "drizzle-orm";
import {
  ADS_PER_DAY,
  COST_PER_USE,
  GUEST_TRIAL_CREDITS,
  WEEKLY_ALLOWANCE,
  type CreditStatus,
} from "../../shared/credits.ts";
import type { Database } from "../db/index.ts";
import { creditLedger, generations } from "../db/schema.ts";
import { adsWatchedToday } from "./ads.ts";
import { applyWeeklyGrant, nextWeeklyReset } from "./allowances.ts";
import type { Guest } from "./guests.ts";
import { GUEST_GENERATIONS_PER_ADDRESS, guestGenerationsFromAddress } from "./reservations.ts";

export async function creditStatusForUser(
  db: Database,
  userId: string,
  now: Date,
  adWatchSeconds: number,
): Promise<CreditStatus> {
  const user = await applyWeeklyGrant(db, userId, now);
  const credits = user?.credits ?? 0;
  const verified = user?.emailVerified ?? false;
  return {
    credits,
    hasCredits: credits >= COST_PER_USE,
    isGuest: false,
    packageName: "Free",
    packageBonus: verified ? WEEKLY_ALLOWANCE : 0,
    costPerUse: COST_PER_USE,
    nextResetTime: verified ? nextWeeklyReset(now).toISOString() : null,
    adsWatchedToday: verified ? await adsWatchedToday(db, userId, now) : 0,
    adsPerDay: ADS_PER_DAY,
    adWatchSeconds,
    isVerified: verified,
  };
}

/**
 * A guest's trial. A visitor with no guest yet sees the trial they would get, or none
 * when their address has used up its guest generations for the day.
 */
export async function creditStatusForGuest(
  db: Database,
  guest: Guest | null,
  addressHash: string,
  now: Date,
): Promise<CreditStatus> {
  const capped =
    (await guestGenerationsFromAddress(db, addressHash, now)) >= GUEST_GENERATIONS_PER_ADDRESS;
  const credits = capped ? 0 : (guest?.credits ?? GUEST_TRIAL_CREDITS);
  return {
    credits,
    hasCredits: credits >= COST_PER_USE,
    isGuest: true,
    packageName: "Guest Trial",
    packageBonus: 0,
    costPerUse: COST_PER_USE,
    nextResetTime: null,
    adsWatchedToday: 0,
    adsPerDay: 0,
    adWatchSeconds: 0,
    isVerified: false,
  };
}

export interface CreditActivityEntry {
  id: string;
  delta: number;
  reason: string;
  subject: string | null;
  createdAt: string;
}

/** The user's ledger, newest first: every credit spent, refunded or earned. */
export async function listCreditActivity(
  db: Database,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ entries: CreditActivityEntry[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      subject: generations.subject,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(generations, eq(generations.id, creditLedger.generationId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    entries: rows
      .slice(0, pageSize)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    hasMore: rows.length > pageSize,
  };
}
