import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { rowsOf } from "./rows.ts";

/**
 * Which migrations a server applies, and the refusal to serve a database that a newer
 * version has migrated (decision 094).
 */

/**
 * The built server applies the build's own copy of the migrations (dist/drizzle), never
 * ./drizzle, which a `git pull` may have moved past the build; the scripts run from the
 * sources apply the sources' (./drizzle). Both are found from the working directory, where
 * the npm scripts and the Dockerfile start.
 */
export function migrationsFolder(): string {
  return resolve(import.meta.url.includes("/dist/server/") ? "dist/drizzle" : "drizzle");
}

/** The newest migration in `folder`: drizzle records its `when` as `created_at`. */
function newestMigration(folder: string): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(resolve(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.reduce((newest, entry) => (entry.when > newest.when ? entry : newest));
}

/** The database was migrated by a newer version than this one. */
export class NewerDatabase extends Error {
  override name = "NewerDatabase";
}

/**
 * Throws NewerDatabase when the database holds a migration this version does not have.
 * drizzle's migrator applies only migrations newer than the database's newest, so it
 * changed nothing: the refusal comes before any request is served.
 */
export async function assertNotNewer(
  db: PgDatabase<PgQueryResultHKT, Record<string, unknown>>,
  folder = migrationsFolder(),
): Promise<void> {
  const newest = newestMigration(folder);
  const result = await db.execute<{ created_at: string | null }>(
    sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const applied = rowsOf<{ created_at: string | null }>(result)[0]?.created_at;
  if (applied == null || Number(applied) <= newest.when) return;
  throw new NewerDatabase(
    `This database was migrated by a newer version of the app (a migration of ${isoDate(Number(applied))}; ` +
      `this build's newest is ${newest.tag}). Start the newer version, or restore the backup ` +
      `taken before it (docs/operations.md, "Upgrading and backups").`,
  );
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}
