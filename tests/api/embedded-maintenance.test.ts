import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/index.ts";
import { vacuumAndAnalyseWhereDue } from "#server/db/embedded/maintenance.ts";
import { historyPageMostRows } from "../support/plans.ts";
import { createStorage, usingPostgres, type Storage } from "../support/server.ts";
import { writeAccountsTexts } from "../support/texts.ts";

/**
 * The embedded database has no autovacuum (PGlite is PostgreSQL in single-user mode), so
 * the server's job does its work (docs/decisions/033). PostgreSQL runs its own.
 */
const ACCOUNTS = 200;
const TEXTS_EACH = 20;

let storage: Storage;
let handle: DatabaseHandle;
let owner: string;

beforeAll(async () => {
  if (usingPostgres) return;
  storage = await createStorage();
  handle = await openDatabase(parseConfig({ ...storage.env, DATABASE_URL: "" }));
  await writeAccountsTexts(handle.db, {
    prefix: "reader",
    accounts: ACCOUNTS,
    textsEach: TEXTS_EACH,
  });
  const [reader] = rowsOf<{ id: string }>(
    await handle.db.execute(sql`select id from users where email = 'reader1@example.com'`),
  );
  owner = reader!.id;
});

afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

async function statistics(table: string) {
  const [row] = rowsOf<{ dead: number; analysed: boolean; vacuumed: boolean }>(
    await handle.db.execute(sql`
      select n_dead_tup as dead, last_analyze is not null as analysed,
        last_vacuum is not null as vacuumed
      from pg_stat_user_tables where relname = ${table}`),
  );
  return row!;
}

describe.skipIf(usingPostgres)("the embedded database's autovacuum", () => {
  it("analyses tables that changed, after which a history page reads only its owner's texts", async () => {
    expect(await statistics("generations")).toMatchObject({ analysed: false });
    // Without statistics the planner guesses, and reads every account's texts.
    expect(await historyPageMostRows(handle.db, owner)).toBeGreaterThan(TEXTS_EACH);

    const done = await vacuumAndAnalyseWhereDue(handle.db);
    // 4,000 texts inserted: past 1,000 inserts a table is vacuumed too; 200 accounts are
    // past 50 changes, under 1,000 inserts.
    expect(done).toContainEqual({ table: "generations", vacuumed: true });
    expect(done).toContainEqual({ table: "users", vacuumed: false });
    expect(await statistics("generations")).toMatchObject({ analysed: true });
    expect(await historyPageMostRows(handle.db, owner)).toBeLessThanOrEqual(TEXTS_EACH);

    // Nothing changed since: nothing is due.
    expect(await vacuumAndAnalyseWhereDue(handle.db)).toEqual([]);
  });

  it("vacuums a table only once more than 50 + 20 % of its rows are dead", async () => {
    await vacuumAndAnalyseWhereDue(handle.db);
    // 800 of 4,000 dead: under 850, so analysed only.
    await handle.db.execute(
      sql`delete from generations where subject in ('Subject 1', 'Subject 2', 'Subject 3', 'Subject 4')`,
    );
    expect(await vacuumAndAnalyseWhereDue(handle.db)).toEqual([
      { table: "generations", vacuumed: false },
    ]);
    expect((await statistics("generations")).dead).toBe(4 * ACCOUNTS);

    // 1,000 of what the analysis counted (3,200 live): past 50 + 640.
    await handle.db.execute(sql`delete from generations where subject = 'Subject 5'`);
    expect(await vacuumAndAnalyseWhereDue(handle.db)).toEqual([
      { table: "generations", vacuumed: true },
    ]);
    expect(await statistics("generations")).toMatchObject({ dead: 0, vacuumed: true });
  });
});
