import { desc, eq, sql } from "drizzle-orm";
import type { CreditActivityEntry } from "#shared/api/credits.ts";
import type { CreditStatus } from "#shared/credits.ts";
import type { Database } from "#server/db/index.ts";
import { apiKeys } from "#server/db/key-tables.ts";
import { WRITER_STOPPED, creditLedger, generations, users } from "#server/db/schema.ts";
import { applyWeeklyGrant, nextWeeklyReset, startOfUtcDay, weeklyGrantDue } from "./allowances.ts";
import type { Guest } from "./guests.ts";
import { readPlan } from "./plan.ts";
import { guestGenerationsFromAddress, trialTextsLeft } from "./trial.ts";

/** The status is read on every page a signed-in user opens. */
function statusRead(db: Database, userId: string, dayStart: Date) {
  return db
    .select({
      credits: users.credits,
      emailVerified: users.emailVerified,
      lastWeeklyGrant: users.lastWeeklyGrant,
      // Written out: drizzle leaves columns unqualified in a one-table select, which would
      // let the subquery's "id" mean the ad session's.
      adsToday: sql<number>`(select count(*)::int from ad_sessions a where a.user_id = ${userId} and a.claimed_at >= ${dayStart})`,
    })
    .from(users)
    .where(eq(users.id, userId));
}

/**
 * Two statements in the usual case (issue 11): the plan in force (issue 29), then the
 * balance, the verification and today's ads together. Only when this week's grant is due
 * does it take the grant's transaction.
 * An unverified account writes trial texts (decision 057): with `trialAddress` (its
 * address hash) the status also says whether its network has any left today, so that
 * the card tells the truth before the first attempt (decision 084).
 */
export async function creditStatusForUser(
  db: Database,
  userId: string,
  now: Date,
  adWatchSeconds: number,
  trialAddress?: string,
): Promise<CreditStatus> {
  const plan = await readPlan(db, userId);
  const [row] = await statusRead(db, userId, startOfUtcDay(now));
  let credits = row?.credits ?? 0;
  if (row && weeklyGrantDue(row, now, plan.resetDay)) {
    credits = (await applyWeeklyGrant(db, userId, now, plan))?.credits ?? credits;
  }
  const verified = row?.emailVerified ?? false;
  const trialLeftOnNetwork =
    verified || trialAddress === undefined
      ? null
      : trialTextsLeft(
          await guestGenerationsFromAddress(db, trialAddress, now),
          plan.trialTextsPerNetwork,
        );
  const noTextReason = trialLeftOnNetwork === 0 ? "networkTrialUsedUp" : null;
  return {
    credits,
    hasCredits: credits >= plan.costPerText && noTextReason === null,
    isGuest: false,
    packageName: "Free",
    packageBonus: verified ? plan.weeklyAllowance : 0,
    costPerUse: plan.costPerText,
    plan,
    nextResetTime: verified ? nextWeeklyReset(now, plan.resetDay).toISOString() : null,
    adsWatchedToday: verified ? (row?.adsToday ?? 0) : 0,
    adsPerDay: plan.adsPerDay,
    adWatchSeconds,
    isVerified: verified,
    trialLeftOnNetwork,
    noTextReason,
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
  const plan = await readPlan(db);
  const trialLeftOnNetwork = trialTextsLeft(
    await guestGenerationsFromAddress(db, addressHash, now),
    plan.trialTextsPerNetwork,
  );
  const capped = trialLeftOnNetwork === 0;
  const credits = capped ? 0 : (guest?.credits ?? plan.trialCredits);
  return {
    credits,
    hasCredits: credits >= plan.costPerText,
    isGuest: true,
    packageName: "Guest Trial",
    packageBonus: 0,
    costPerUse: plan.costPerText,
    plan,
    nextResetTime: null,
    adsWatchedToday: 0,
    adsPerDay: 0,
    adWatchSeconds: 0,
    isVerified: false,
    trialLeftOnNetwork,
    noTextReason: capped ? "networkTrialUsedUp" : null,
  };
}

export type { CreditActivityEntry };

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
      stoppedWords: generations.stoppedWords,
      charged: generations.cost,
      failureReason: generations.failureReason,
      refinement: generations.refinement,
      instruction: generations.instruction,
      passageStart: generations.passageStart,
      passageEnd: generations.passageEnd,
      variant: generations.variant,
      language: generations.language,
      apiKey: apiKeys.name,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(generations, eq(generations.id, creditLedger.generationId))
    .leftJoin(apiKeys, eq(apiKeys.id, generations.apiKeyId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    entries: rows.slice(0, pageSize).map(({ failureReason, passageStart, passageEnd, ...row }) => ({
      ...row,
      passage:
        passageStart !== null && passageEnd !== null
          ? { start: passageStart, end: passageEnd }
          : null,
      // Priced by what it wrote: a stopped text, a passage change (decisions 056, 089).
      charged: row.stoppedWords !== null || passageStart !== null ? row.charged : null,
      stoppedByWriter: row.stoppedWords !== null && failureReason === WRITER_STOPPED,
      createdAt: row.createdAt.toISOString(),
    })),
    hasMore: rows.length > pageSize,
  };
}
