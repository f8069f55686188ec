import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgWriteWatch } from "#server/db/pg-write-watch.ts";
import { createStorage, usingPostgres, type Storage } from "../support/server.ts";

/**
 * Decision 051: on PostgreSQL, reads are kept until a write is heard. The watch that hears
 * them, against a real server: what it counts, and that it keeps nothing (a null count)
 * whenever it cannot be sure of hearing other instances' writes.
 */
let storage: Storage;
let pool: pg.Pool;

async function query(sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The backend pid of the watch's listening connection, if it has one. */
async function listenerPid(): Promise<number | null> {
  const { rows } = await query(
    "select pid from pg_stat_activity where query = 'listen app_writes' and datname = current_database()",
  );
  return (rows[0]?.pid as number | undefined) ?? null;
}

beforeAll(async () => {
  storage = await createStorage();
  pool = new pg.Pool({ connectionString: storage.databaseUrl });
  pool.on("error", () => {});
});

afterAll(async () => {
  await pool?.end();
  await storage?.cleanup();
});

describe.runIf(usingPostgres)("the PostgreSQL write watch", () => {
  it("counts this pool's writes and others' notices, and nothing while its connection is gone", async () => {
    const watch = new PgWriteWatch(pg, storage.databaseUrl!, {
      relistenMs: 600_000,
      heartbeatMs: 600_000,
    });
    try {
      expect(watch.epoch).toBeNull();
      watch.watch(pool);
      // Live once its own first notice has come back through the pool.
      await expect.poll(() => watch.epoch).not.toBeNull();

      const live = watch.epoch!;
      await pool.query("create table writes_seen (n integer)");
      // Counted when sent and when answered.
      expect(watch.epoch).toBe(live + 2);
      await pool.query("select count(*) from writes_seen");
      expect(watch.epoch).toBe(live + 2);

      // Another writer's notice, as the triggers send at its commit.
      await query("select pg_notify('app_writes', '')");
      await expect.poll(() => watch.epoch).toBe(live + 3);

      await query(`select pg_terminate_backend(${await listenerPid()})`);
      await expect.poll(() => watch.epoch).toBeNull();
    } finally {
      await watch.close();
    }
  });

  it("never counts as live while its notices do not reach it, and keeps trying", async () => {
    // Notices sent through a pool on another database never reach the listener, as behind
    // a pooler that drops them.
    const elsewhere = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL });
    elsewhere.on("error", () => {});
    const watch = new PgWriteWatch(pg, storage.databaseUrl!, {
      relistenMs: 50,
      heartbeatMs: 100,
      heartbeatTimeoutMs: 200,
    });
    try {
      watch.watch(elsewhere);
      const seen = new Set<number>();
      await expect
        .poll(
          async () => {
            expect(watch.epoch).toBeNull();
            const pid = await listenerPid();
            if (pid) seen.add(pid);
            return seen.size;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThanOrEqual(3);
    } finally {
      await watch.close();
      await elsewhere.end();
    }
  });
});
