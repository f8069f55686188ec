import { desc, sql } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { adEvents } from "#server/db/schema.ts";

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
  const count = (event: string) =>
    sql<number>`(count(*) filter (where ${adEvents.event}::text = ${event}))::int`;
  const impressions = count("impression");
  return db
    .select({
      id: adEvents.adId,
      label: sql<string>`(array_agg(${adEvents.adLabel} order by ${adEvents.createdAt} desc))[1]`,
      impressions,
      completions: count("completion"),
      clicks: count("click"),
    })
    .from(adEvents)
    .groupBy(adEvents.adId)
    .orderBy(desc(impressions), adEvents.adId);
}
