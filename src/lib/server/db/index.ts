import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { PgliteThreadClient } from "./embedded/client.ts";
import { getConfig, type Config } from "#server/config.ts";
import { makePrivateDir } from "#server/data-dir.ts";
import { getLogger } from "#server/logger.ts";
import { assertNotNewer, migrationsFolder } from "./migrations.ts";
import { countingLogger } from "./query-count.ts";
import * as keys from "./key-tables.ts";
import * as library from "./library-tables.ts";
import * as plans from "./plan-tables.ts";
import * as core from "./schema.ts";
import * as signup from "./signup-tables.ts";

/**
 * Every table: the core's, what an account keeps around its texts (issue 28), the
 * operator's plans, sign-up rules and the API keys (issue 29).
 */
const schema = { ...core, ...library, ...plans, ...signup, ...keys };

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The driver's client under a database: PGlite's thread or a `pg` pool. */
type DriverClient =
  { kind: "pglite"; client: PgliteThreadClient } | { kind: "postgres"; client: pg.Pool };

/** The database, with its driver's client. */
export type DatabaseHandle = {
  db: Database;
  /**
   * Resolves when the database can read and write (`/readyz`); rejects with what stops it.
   * Cheap: it changes nothing and writes no WAL.
   */
  checkReadWrite(): Promise<void>;
  close(): Promise<void>;
} & DriverClient;

/**
 * Needs the right to change a table and a database that accepts writes (a read-only
 * transaction refuses FOR UPDATE), yet locks no row and changes nothing.
 */
const WRITE_PROBE = sql`select 1 from app_settings where false for update`;

/** Advisory-lock key under which migrations run, so that two instances never race. */
const MIGRATION_LOCK = 7_240_001;

/** The embedded database, on a thread of its own (docs/decisions/033). */
async function openPglite(config: Config): Promise<DatabaseHandle> {
  const { PgliteThreadClient } = await import("./embedded/client.ts");
  const { probeFolder } = await import("./embedded/data-folder.ts");
  await makePrivateDir(config.dataDir);
  // The thread applies the migrations before it answers; one process owns the folder.
  const client = await PgliteThreadClient.start({
    dataDir: config.dataDir,
    migrationsFolder: migrationsFolder(),
    waitTimeoutMs: config.DATABASE_WAIT_TIMEOUT_MS,
    created: (pgDir) =>
      getLogger().info({ pgDir }, "created the embedded database (initdb ran in its own process)"),
    reopened: (error) =>
      error
        ? getLogger().warn({ err: error }, "could not reopen the embedded database")
        : getLogger().info("reopened the embedded database after a fault"),
  });
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle({
    client: client as never,
    schema,
    logger: countingLogger,
  }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    client,
    async checkReadWrite() {
      await probeFolder(resolve(config.dataDir, "pglite"));
      await db.execute(WRITE_PROBE);
    },
    async close() {
      await client.close();
    },
  };
}

async function openPostgres(url: string, config: Config): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // A request that finds all ten busy waits this long, then answers 503 (db/errors.ts).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: config.DATABASE_WAIT_TIMEOUT_MS,
  });
  // A client that loses its server (restart, failover, pg_terminate_backend) emits
  // `error`; with no listener that would end the process. Idle ones report through the
  // pool, checked-out ones only through themselves: their query fails, and the request
  // answers 503 (db/errors.ts). The pool replaces them on the next checkout.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle({ client: lockClient, schema }), {
        migrationsFolder: migrationsFolder(),
      });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lockClient.release();
    }
  } catch (error) {
    // A later open starts a pool of its own: this one must not linger.
    await pool.end().catch(() => {});
    throw error;
  }
  const db = drizzle({ client: pool, schema, logger: countingLogger }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    client: pool,
    async checkReadWrite() {
      await db.execute(WRITE_PROBE);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Opens the database and applies this version's migrations; rejects with NewerDatabase
 * (closed again) when a newer version has migrated it (decision 094).
 */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, config)
    : await openPglite(config);
  try {
    await assertNotNewer(handle.db);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}

/** The process's one database: a PGlite directory must be opened by exactly one instance. */
let handle: Promise<DatabaseHandle> | undefined;

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  handle ??= openDatabase(getConfig()).catch((error: unknown) => {
    handle = undefined;
    throw error;
  });
  return handle;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  const pending = handle;
  handle = undefined;
  if (pending) await (await pending).close();
}

export { rowsOf } from "./rows.ts";
export { schema };
