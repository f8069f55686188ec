/**
 * `npm run db:backup [file]` and `npm run db:restore <file>`: the embedded database to one
 * file and back (decision 094). PGlite is a single-process database and the running
 * server holds it, so both need the server stopped and say so; the copy is then
 * consistent (PGlite's own dump of its folder). PostgreSQL has pg_dump and pg_restore,
 * which work while the server runs: this names them.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { getConfig } from "#server/config.ts";
import { DataDirInUse, lockDataDir } from "#server/db/embedded/client.ts";
import { PGLITE_EXTENSIONS } from "#server/db/embedded/extensions.ts";

const [command, file] = process.argv.slice(2);
const config = getConfig();

/** Ends the command with one line and exit code 1. */
class Refusal extends Error {}
function stop(message: string): never {
  throw new Refusal(message);
}

/** A gzipped tar (PGlite's dump of its folder): checked before anything is moved. */
function isBackup(file: Buffer): boolean {
  try {
    return gunzipSync(file).subarray(257, 262).toString("latin1") === "ustar";
  } catch {
    return false;
  }
}

/** Now, for a file name: 2026-11-28T10-15-00. */
function now(): string {
  return new Date().toISOString().replaceAll(":", "-").slice(0, 19);
}

async function main(): Promise<void> {
  if (config.DATABASE_URL) {
    stop(
      command === "restore"
        ? 'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists --dbname "$DATABASE_URL" backup.dump'
        : 'DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g. pg_dump --format=custom --file=backup.dump "$DATABASE_URL"',
    );
  }

  const pgDir = resolve(config.dataDir, "pglite");
  let release: () => void;
  try {
    await mkdir(config.dataDir, { recursive: true });
    release = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    stop(`${error.message.split(". ")[0]}: stop the server first, then run this again.`);
  }

  try {
    if (command === "backup") {
      if (!existsSync(resolve(pgDir, "PG_VERSION")))
        stop(`There is no embedded database in ${pgDir}.`);
      const target = resolve(file ?? `backups/aitext-${now()}.tar.gz`);
      const db = await PGlite.create(pgDir, { extensions: PGLITE_EXTENSIONS });
      const dump = await db.dumpDataDir("gzip");
      await db.close();
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(await dump.arrayBuffer()));
      console.log(`Backed up ${pgDir} to ${target} (${(dump.size / 1e6).toFixed(1)} MB).`);
    } else if (command === "restore" && file) {
      if (!existsSync(file)) stop(`No backup at ${resolve(file)}.`);
      const backup = readFileSync(file);
      if (!isBackup(backup))
        stop(`${resolve(file)} is not a backup made by npm run db:backup. Nothing was changed.`);
      // The folder it replaces is kept beside it, never deleted: a wrong file loses nothing.
      const kept = existsSync(pgDir) ? `${pgDir}.before-restore-${now()}` : null;
      if (kept) await rename(pgDir, kept);
      try {
        const db = await PGlite.create(pgDir, {
          extensions: PGLITE_EXTENSIONS,
          loadDataDir: new Blob([backup]),
        });
        await db.query("select 1");
        await db.close();
      } catch (error) {
        if (kept) {
          await rm(pgDir, { recursive: true, force: true });
          await rename(kept, pgDir);
        }
        stop(
          `Could not restore ${resolve(file)}: ${(error as Error).message}. Nothing was changed.`,
        );
      }
      console.log(
        `Restored ${resolve(file)} into ${pgDir}.` +
          (kept ? ` The folder it replaced is kept in ${kept}.` : ""),
      );
    } else {
      stop("usage: npm run db:backup [file]  |  npm run db:restore <file>");
    }
  } finally {
    release!();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
