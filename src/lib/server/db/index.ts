import { mkdir } from "node:fs/promises";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig, type Config } from "../config.ts";
import * as schema from "./schema.ts";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

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

async function openPglite(config: Config): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await mkdir(config.dataDir, { recursive: true });
  const client = await PGlite.create(resolve(config.dataDir, "pglite"));
  const db = drizzle({ client, schema });
  // One process owns a PGlite directory, so no lock is needed around migrations.
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
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
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on("error", () => {});
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
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config);
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
  return (await getDatabaseHandle()).db;
}

export async function closeDatabase(): Promise<void> {
  const holder = globalThis as GlobalWithHandle;
  const pending = holder[HANDLE];
  delete holder[HANDLE];
  if (pending) await (await pending).close();
}

export { schema };
