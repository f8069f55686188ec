import { eq, sql } from "drizzle-orm";
import type { AdEvent } from "#shared/ads.ts";
import { lockReportableAdSession } from "#server/credits/ads.ts";
import type { Database } from "#server/db/index.ts";
import { adEvents, adTotals } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";

export interface AdReport {
  adSessionId: string;
  event: AdEvent;
  /** A house ad's content id, or `vast:` and the network's ad id. */
  adId: string;
  adLabel: string;
}

/**
 * Counts one event of the ad an ad session showed. Tied to the caller's own session, so a
 * stranger cannot count without a verified account, and each session counts each event of
 * one ad at most once (its first report names the ad; another ad is refused). A repeat is
 * answered `counted: false`. A counted event is added to its ad's totals in the same
 * transaction.
 */
export async function countAdEvent(
  db: Database,
  userId: string,
  report: AdReport,
  now: Date,
): Promise<{ counted: boolean }> {
  return db.transaction(async (tx) => {
    await lockReportableAdSession(tx, userId, report.adSessionId, now);
    const [shown] = await tx
      .select({ adId: adEvents.adId })
      .from(adEvents)
      .where(eq(adEvents.adSessionId, report.adSessionId))
      .limit(1);
    if (shown && shown.adId !== report.adId) {
      throw new AppError("AD_MISMATCH", "This ad session showed another ad.");
    }
    const inserted = await tx
      .insert(adEvents)
      .values({
        adSessionId: report.adSessionId,
        adId: report.adId,
        event: report.event,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: adEvents.id });
    if (inserted.length === 0) return { counted: false };
    await tx
      .insert(adTotals)
      .values({
        adId: report.adId,
        adLabel: report.adLabel,
        impressions: report.event === "impression" ? 1 : 0,
        completions: report.event === "completion" ? 1 : 0,
        clicks: report.event === "click" ? 1 : 0,
      })
      .onConflictDoUpdate({
        target: adTotals.adId,
        set: {
          adLabel: sql`excluded.ad_label`,
          impressions: sql`${adTotals.impressions} + excluded.impressions`,
          completions: sql`${adTotals.completions} + excluded.completions`,
          clicks: sql`${adTotals.clicks} + excluded.clicks`,
        },
      });
    return { counted: true };
  });
}
