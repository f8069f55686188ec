import { desc } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { adTotals } from "#server/db/schema.ts";

export interface AdFigures {
  /** A house ad's content id, or `vast:` and the network's ad id. */
  id: string;
  /** Its latest headline or AdTitle. */
  label: string;
  impressions: number;
  completions: number;
  clicks: number;
}

/** Impressions, completions and clicks per ad, the most seen first (the console shows them). */
export async function adFigures(db: Pick<Database, "select">): Promise<AdFigures[]> {
  return db
    .select({
      id: adTotals.adId,
      label: adTotals.adLabel,
      impressions: adTotals.impressions,
      completions: adTotals.completions,
      clicks: adTotals.clicks,
    })
    .from(adTotals)
    .orderBy(desc(adTotals.impressions), adTotals.adId);
}
