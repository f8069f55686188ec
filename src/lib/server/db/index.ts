import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { PgliteThreadClient } from "./pglite-client.ts";
import { getConfig, type Config } from "#server/config.ts";
import { getLogger } from "#server/logger.ts";
import { countingLogger } from "./query-count.ts";
import * as schema from "./schema.ts";

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

/**
 * Migrations live in ./drizzle at the project root. The server is always started from
 * there (npm scripts, the Dockerfile's WORKDIR), so the working directory finds them
 * from both the source modules and the built bundle.
 */
function migrationsFolder(): string {
  return resolve("drizzle");
}

/** The embedded database, on a thread of its own (docs/decisions/033). */
async function openPglite(config: Config): Promise<DatabaseHandle> {
  const { PgliteThreadClient, probeFolder } = await import("./pglite-client.ts");
  await mkdir(config.dataDir, { recursive: true });
  // The thread applies the migrations before it answers; one process owns the folder.
  const client = await PgliteThreadClient.start({
    dataDir: config.dataDir,
    migrationsFolder: migrationsFolder(),
    created: (pgDir) =>
      getLogger().info({ pgDir }, "created the embedded database (initdb ran in its own process)"),
    reopened: (error) =>
      error
        ? getLogger().warn({ err: error }, "could not reopen the embedded database")
        : getLogger().info("reopened the embedded database after a fault"),
  });
  const db = await drizzleOver({ kind: "pglite", client });
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

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
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
  const db = await drizzleOver({ kind: "postgres", client: pool });
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

/** A drizzle database of this copy of the module over the driver's client. */
async function drizzleOver(driver: DriverClient): Promise<Database> {
  if (driver.kind === "pglite") {
    const { drizzle } = await import("drizzle-orm/pglite");
    const db = drizzle({ client: driver.client as never, schema, logger: countingLogger });
    return db as unknown as Database;
  }
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const db = drizzle({ client: driver.client, schema, logger: countingLogger });
  return db as unknown as Database;
}

/*
 * Each copy of this module (see below) queries through a drizzle of its own copy over the
 * handle's one client. drizzle tells its objects apart with `instanceof` first and falls
 * back to comparing class names up the prototype chain: a table of one copy read through
 * the other's drizzle took that slow way for every field of every row (docs/decisions/002).
 */
const ownDatabases = new WeakMap<DatabaseHandle, Promise<Database>>();

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await (config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : openPglite(config));
  ownDatabases.set(handle, Promise.resolve(handle.db));
  return handle;
}

/*
 * The server entry (server/main.ts) and the bundled Astro routes are two copies of this
 * module. A PGlite directory must be opened by exactly one instance, so the handle is
 * kept on globalThis under a registered symbol that both copies share.
 */
const HANDLE = Symbol.for("ai-text-generator.database");
type GlobalWithHandle = typeof globalThis & { [HANDLE]?: Promise<DatabaseHandle> };

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const holder = globalThis as GlobalWithHandle;
  holder[HANDLE] ??= openDatabase(getConfig()).catch((error: unknown) => {
    delete holder[HANDLE];
    throw error;
  });
  return holder[HANDLE];
}

export async function getDb(): Promise<Database> {
  const handle = await getDatabaseHandle();
  let db = ownDatabases.get(handle);
  if (!db) ownDatabases.set(handle, (db = drizzleOver(handle)));
  return db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as GlobalWithHandle;
  const pending = holder[HANDLE];
  delete holder[HANDLE];
  if (pending) await (await pending).close();
}

export { schema };
