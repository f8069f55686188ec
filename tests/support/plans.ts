import { sql } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { rowsOf } from "#server/db/rows.ts";
import { historyPageQuery, topLevelTexts } from "#server/generation/generations.ts";

interface PlanNode {
  "Actual Rows": number;
  Plans?: PlanNode[];
}

/** The most rows any step of the plan handled (a subplan's rows per loop). */
function mostRows(node: PlanNode): number {
  return Math.max(node["Actual Rows"], ...(node.Plans ?? []).map(mostRows));
}

/**
 * The most rows any step of the history page's first look (no search, no filter) handled
 * for `owner`, as the database ran it.
 */
export async function historyPageMostRows(db: Database, owner: string): Promise<number> {
  const page = historyPageQuery(db, topLevelTexts(owner)).limit(20);
  const [plan] = rowsOf<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    await db.execute(sql`explain (analyze, format json) ${page}`),
  );
  return mostRows(plan!["QUERY PLAN"][0].Plan);
}
