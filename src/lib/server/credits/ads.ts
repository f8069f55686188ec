import { and, desc, eq, gt, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { DAY_MS, MINUTE_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { adSessions, users } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { startOfUtcDay } from "./allowances.ts";
import { creditsEarnedByAds } from "#server/metrics.ts";
import { postCredit } from "./ledger.ts";
import { readPlan } from "./plan.ts";
import type { SignedInAccount } from "./paying-owner.ts";

export const NOT_VERIFIED = "Email verification is required to earn credits.";
export function dailyLimit(adsPerDay: number): AppError {
  return new AppError(
    "AD_DAILY_LIMIT",
    `You have watched ${adsPerDay} ads today. Come back tomorrow for more.`,
  );
}

function assertVerified(user: Pick<SignedInAccount, "emailVerified">): void {
  if (!user.emailVerified) throw new AppError("EMAIL_NOT_VERIFIED", NOT_VERIFIED);
}

/** Ads paid today (UTC) to this user. */
export async function adsWatchedToday(
  db: Pick<Database, "select">,
  userId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(adSessions)
    .where(
      and(
        eq(adSessions.userId, userId),
        isNotNull(adSessions.claimedAt),
        gte(adSessions.claimedAt, startOfUtcDay(now)),
      ),
    );
  return row?.count ?? 0;
}

/** An ad left unclaimed this long after it could be claimed is over; a new one may start. */
export const AD_SESSION_OPEN_MS = 10 * MINUTE_MS;

/**
 * Starts an ad on the server; it can be claimed once `readyAt` has passed. An account has
 * at most one open ad (unclaimed and not over): asking again, from a double click, a second
 * tab or a script, returns that one. The account's row is locked meanwhile, so parallel
 * asks cannot each open one.
 */
export async function startAdSession(
  db: Database,
  user: SignedInAccount,
  now: Date,
  watchSeconds: number,
): Promise<{ adSessionId: string; readyAt: string; created: boolean }> {
  assertVerified(user);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [open] = await tx
      .select({ id: adSessions.id, readyAt: adSessions.readyAt })
      .from(adSessions)
      .where(
        and(
          eq(adSessions.userId, user.id),
          isNull(adSessions.claimedAt),
          gt(adSessions.readyAt, new Date(now.getTime() - AD_SESSION_OPEN_MS)),
        ),
      )
      .orderBy(desc(adSessions.readyAt))
      .limit(1);
    if (open) return { adSessionId: open.id, readyAt: open.readyAt.toISOString(), created: false };
    const { adsPerDay } = await readPlan(tx);
    if ((await adsWatchedToday(tx, user.id, now)) >= adsPerDay) throw dailyLimit(adsPerDay);
    const readyAt = new Date(now.getTime() + watchSeconds * 1000);
    const [row] = await tx
      .insert(adSessions)
      .values({ userId: user.id, createdAt: now, readyAt })
      .returning({ id: adSessions.id });
    return { adSessionId: row!.id, readyAt: readyAt.toISOString(), created: true };
  });
}

/**
 * The caller's ad session, locked until `tx` ends, while its ad may still be reported on
 * (until it is over, claimed or not); 404 for a session that is not the caller's, 409 once
 * it is over. The lock makes the reports of one session take turns.
 */
export async function lockReportableAdSession(
  tx: Transaction,
  userId: string,
  adSessionId: string,
  now: Date,
): Promise<void> {
  const [session] = await tx
    .select({ readyAt: adSessions.readyAt })
    .from(adSessions)
    .where(and(eq(adSessions.id, adSessionId), eq(adSessions.userId, userId)))
    .for("update");
  if (!session) throw new AppError("NOT_FOUND", "This ad session does not exist.");
  if (now.getTime() >= session.readyAt.getTime() + AD_SESSION_OPEN_MS) {
    throw new AppError("AD_SESSION_OVER", "This ad session is over.");
  }
}

/**
 * Ad sessions nobody needs any more: unclaimed ones that are over, and claimed ones from
 * before yesterday (the daily limit counts only today's). Run by the cleanup job.
 */
export async function deleteStaleAdSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(adSessions)
    .where(
      or(
        and(
          isNull(adSessions.claimedAt),
          lt(adSessions.readyAt, new Date(now.getTime() - AD_SESSION_OPEN_MS)),
        ),
        lt(adSessions.claimedAt, new Date(startOfUtcDay(now).getTime() - DAY_MS)),
      ),
    )
    .returning({ id: adSessions.id });
  return deleted.length;
}

/**
 * Pays 100 credits for a finished ad, once. The user's row is locked for the claim, so
 * parallel claims (double click, two tabs) are counted one after another: the first pays,
 * the rest find the session claimed, and the daily limit cannot be raced past.
 */
export async function claimAdReward(
  db: Database,
  user: SignedInAccount,
  adSessionId: string,
  now: Date,
): Promise<{ creditsEarned: number; credits: number }> {
  assertVerified(user);
  const claimed = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [session] = await tx
      .select()
      .from(adSessions)
      .where(and(eq(adSessions.id, adSessionId), eq(adSessions.userId, user.id)));
    if (!session) throw new AppError("NOT_FOUND", "This ad session does not exist.");
    if (session.claimedAt) {
      throw new AppError("AD_ALREADY_CLAIMED", "The credits for this ad have already been added.");
    }
    if (session.readyAt.getTime() > now.getTime()) {
      throw new AppError(
        "AD_NOT_READY",
        "Please watch the whole ad before claiming your credits.",
        {
          extra: { readyAt: session.readyAt.toISOString() },
        },
      );
    }
    const { adsPerDay, adReward } = await readPlan(tx);
    if ((await adsWatchedToday(tx, user.id, now)) >= adsPerDay) throw dailyLimit(adsPerDay);
    await tx.update(adSessions).set({ claimedAt: now }).where(eq(adSessions.id, adSessionId));
    const credits = await postCredit(
      tx,
      { kind: "user", userId: user.id },
      { delta: adReward, reason: "ad_reward", key: `ad:${adSessionId}`, now },
    );
    return { creditsEarned: adReward, credits: credits! };
  });
  // Counted once the claim has committed (decision 093).
  creditsEarnedByAds.inc(claimed.creditsEarned);
  return claimed;
}
