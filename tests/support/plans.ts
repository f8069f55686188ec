import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "#server/db/index.ts";
import { historyPageQuery, topLevelTexts } from "#server/generation/history.ts";

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
 * for `owner`, as the database ran it: planned for this owner, and planned once for any
 * owner, as PostgreSQL may plan the history's prepared statement from its sixth read.
 */
export async function historyPageMostRows(db: Database, owner: string): Promise<number> {
  const page = historyPageQuery(db, topLevelTexts(owner)).limit(20);
  const planned = await explained(db, sql`explain (analyze, format json) ${page}`);
  const { sql: text, params } = page.toSQL();
  const values = params.map((value) => (typeof value === "number" ? value : `'${value}'`));
  const generic = await db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare history_any_owner as ${text}`));
    const plan = await explained(
      tx,
      sql.raw(`explain (analyze, format json) execute history_any_owner(${values.join(", ")})`),
    );
    await tx.execute(sql`deallocate history_any_owner`);
    return plan;
  });
  return Math.max(mostRows(planned), mostRows(generic));
}

async function explained(db: Pick<Database, "execute">, statement: SQL): Promise<PlanNode> {
  const [plan] = rowsOf<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(await db.execute(statement));
  return plan!["QUERY PLAN"][0].Plan;
}
