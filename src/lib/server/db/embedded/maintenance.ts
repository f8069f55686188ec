import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../index.ts";

/** A table the run vacuumed (and analysed), or only analysed. */
export interface Maintained {
  table: string;
  vacuumed: boolean;
}

/**
 * What PostgreSQL's autovacuum does, for the embedded database, which has none: PGlite is
 * PostgreSQL in single-user mode, without background workers. Without it the planner has
 * no statistics and dead rows stay (docs/decisions/033).
 *
 * Autovacuum's rule with its default settings: a table is vacuumed once more than 50 + 20 %
 * of its rows are dead, more than 1,000 + 20 % have been inserted since its last vacuum, or
 * its oldest unfrozen transaction is 200 million old; it is analysed once more than 50 + 10 %
 * have changed since its last analysis.
 */
export async function vacuumAndAnalyseWhereDue(db: Database): Promise<Maintained[]> {
  // Counts reach pg_stat_user_tables at most once a second; this statement's end sends them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = rowsOf<{ table: string; vacuum: boolean; analyse: boolean }>(
    await db.execute(sql`
    select s.relname as "table",
      s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
        or age(c.relfrozenxid) > 200000000 as "vacuum",
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as "analyse"
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
    order by s.relname`),
  );
  const done: Maintained[] = [];
  for (const { table, vacuum, analyse } of due) {
    const name = sql`${sql.identifier("public")}.${sql.identifier(table)}`;
    if (vacuum) await db.execute(sql`vacuum (analyze) ${name}`);
    else if (analyse) await db.execute(sql`analyze ${name}`);
    else continue;
    done.push({ table, vacuumed: vacuum });
  }
  return done;
}
