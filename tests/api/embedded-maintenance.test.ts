import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/index.ts";
import { vacuumAndAnalyzeWhereDue } from "#server/db/maintenance.ts";
import { createStorage, usingPostgres, type Storage } from "../support/server.ts";

/**
 * The embedded database has no autovacuum (PGlite is PostgreSQL in single-user mode), so
 * the server's job does its work (docs/decisions/082). PostgreSQL runs its own.
 */
const ACCOUNTS = 200;
const TEXTS_EACH = 20;

let storage: Storage;
let handle: DatabaseHandle;

beforeAll(async () => {
  if (usingPostgres) return;
  storage = await createStorage();
  handle = await openDatabase(parseConfig({ ...storage.env, DATABASE_URL: "" }));
});

afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

interface PlanNode {
  "Actual Rows": number;
  Plans?: PlanNode[];
}

/** The most rows any step of the plan handled. */
function mostRows(node: PlanNode): number {
  return Math.max(node["Actual Rows"], ...(node.Plans ?? []).map(mostRows));
}

/** The history page's first look for one account, as its plan ran. */
async function historyPlan(userId: string): Promise<PlanNode> {
  const result = (await handle.db.execute(
    sql`explain (analyze, format json) select id, subject, generated_content from generations
      where user_id = ${userId} and status = 'done' and root_id is null
      order by created_at desc, id desc limit 20`,
  )) as unknown as { rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[] };
  return result.rows[0]!["QUERY PLAN"][0].Plan;
}

describe.skipIf(usingPostgres)("the embedded database's autovacuum", () => {
  it("analyses tables that changed, after which a history page reads only its owner's texts", async () => {
    await handle.db.execute(sql`
      insert into users (email, password_hash)
      select 'reader' || i || '@example.com', 'not a hash' from generate_series(1, ${ACCOUNTS}) i`);
    await handle.db.execute(sql`
      insert into generations (user_id, status, subject, prompt, tone, language, content_type,
        generated_content, cost, created_at)
      select u.id, 'done', 'Subject ' || n, 'A note about the move', 'standard', 'english',
        'email', repeat('word ', 100), 100, now() - n * interval '1 minute'
      from users u, generate_series(1, ${TEXTS_EACH}) n`);
    const owner = (
      (await handle.db.execute(
        sql`select id from users where email = 'reader1@example.com'`,
      )) as unknown as { rows: { id: string }[] }
    ).rows[0]!.id;

    // Without statistics the planner guesses, and reads every account's texts.
    expect(mostRows(await historyPlan(owner))).toBeGreaterThan(TEXTS_EACH);

    const done = await vacuumAndAnalyzeWhereDue(handle.db);
    expect(done.map((entry) => entry.table)).toEqual(
      expect.arrayContaining(["generations", "users"]),
    );
    expect(mostRows(await historyPlan(owner))).toBeLessThanOrEqual(TEXTS_EACH);

    // Nothing changed since: nothing is due.
    expect(await vacuumAndAnalyzeWhereDue(handle.db)).toEqual([]);
  });

  it("vacuums a table once a fifth of its rows are dead", async () => {
    await handle.db.execute(
      sql`delete from generations where subject in ('Subject 1', 'Subject 2', 'Subject 3', 'Subject 4', 'Subject 5')`,
    );
    const done = await vacuumAndAnalyzeWhereDue(handle.db);
    expect(done).toContainEqual({ table: "generations", vacuumed: true });
    const stats = (await handle.db.execute(
      sql`select n_dead_tup as dead, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname = 'generations'`,
    )) as unknown as { rows: { dead: number; vacuumed: boolean }[] };
    expect(stats.rows[0]).toEqual({ dead: 0, vacuumed: true });
  });
});
