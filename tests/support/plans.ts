import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "#server/db/index.ts";
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
 * for `owner`, as the database ran it (the server sends no named statements: each read is
 * planned for its own values).
 */
export async function historyPageMostRows(db: Database, owner: string): Promise<number> {
  const page = historyPageQuery(db, topLevelTexts(owner)).limit(20);
  return mostRows(await explained(db, sql`explain (analyze, format json) ${page}`));
}

async function explained(db: Pick<Database, "execute">, statement: SQL): Promise<PlanNode> {
  const [plan] = rowsOf<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(await db.execute(statement));
  return plan!["QUERY PLAN"][0].Plan;
}
