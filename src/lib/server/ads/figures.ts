import type { Database } from "#server/db/index.ts";

/**
 * Impressions, completions and clicks per ad, for the console (issue 27, item 5). The ads
 * work fills this in; until then there are no ads to count.
 */
export async function adFigures(
  db: Database,
): Promise<
  { id: string; label: string; impressions: number; completions: number; clicks: number }[]
> {
  void db;
  return [];
}
