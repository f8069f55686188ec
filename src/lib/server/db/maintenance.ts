import { sql } from "drizzle-orm";
import type { Database } from "./index.ts";

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: PGlite is
 * PostgreSQL in single-user mode, without background workers. Without it the planner never
 * has statistics and dead rows are never vacuumed: on 400 accounts of 50 texts each, a
 * history page read every text of every account (31–36 ms instead of 1.6 ms;
 * docs/decisions/082).
 *
 * Autovacuum's own rule with its default settings: a table is vacuumed once more than
 * 50 + 20 % of its rows are dead, and analyzed once more than 50 + 10 % have changed since
 * its last analysis. Returns what it did, table by table.
 */
export async function vacuumAndAnalyzeWhereDue(
  db: Database,
): Promise<{ table: string; vacuumed: boolean }[]> {
  // Counts reach pg_stat_user_tables at most once a second; this statement's end sends them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select s.relname as "table",
      s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as "vacuum",
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as "analyze"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`);
  const done: { table: string; vacuumed: boolean }[] = [];
  const { rows } = result as { rows: { table: string; vacuum: boolean; analyze: boolean }[] };
  for (const { table, vacuum, analyze } of rows) {
    if (vacuum) await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    else if (analyze) await db.execute(sql`analyze ${sql.identifier(table)}`);
    else continue;
    done.push({ table, vacuumed: vacuum });
  }
  return done;
}
