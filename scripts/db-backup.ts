/**
 * `npm run db:backup [file]` and `npm run db:restore <file>`: the embedded database to one
 * file and back (decision 094). PGlite is a single-process database and the running
 * server holds it, so both need the server stopped and say so; the copy is then
 * consistent (PGlite's own dump of its folder). PostgreSQL has pg_dump and pg_restore,
 * which work while the server runs: this names them.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { getConfig } from "#server/config.ts";
import { keepToOwner, makePrivateDir, OWNER_ONLY_DIR, OWNER_ONLY_FILE } from "#server/data-dir.ts";
import { DataDirInUse, lockDataDir } from "#server/db/embedded/data-folder.ts";
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

/** A file that could not be read or written, in words a person can act on, with its code. */
const FILE_FAULTS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EFBIG: "the file is larger than this file system takes",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOTDIR: "a part of the path is a file, not a folder",
};

function fileFault(error: unknown): string {
  const { code, syscall, message } = error as NodeJS.ErrnoException;
  // Node's recursive mkdir says EEXIST where the folder to make is a file.
  const fault = code === "EEXIST" && syscall === "mkdir" ? "ENOTDIR" : code;
  return fault && FILE_FAULTS[fault] ? `${FILE_FAULTS[fault]} (${fault})` : message;
}

/**
 * Writes the backup (password hashes and every text: its user's alone, 0600) to a name of
 * its own beside `target`, and renames it into place once it is whole and on disk. Any
 * failure removes that file and refuses in one line: a full disk never leaves a truncated
 * backup under the name a person would restore from.
 */
async function writeBackup(target: string, backup: Uint8Array): Promise<void> {
  const partial = `${target}.${process.pid}.part`;
  let created = false;
  try {
    await mkdir(dirname(target), { recursive: true, mode: OWNER_ONLY_DIR });
    const handle = await open(partial, "wx", OWNER_ONLY_FILE);
    created = true;
    try {
      await handle.writeFile(backup);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
  } catch (error) {
    if (created) await rm(partial, { force: true });
    stop(`Could not write the backup to ${target}: ${fileFault(error)}. No backup was written.`);
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
    await makePrivateDir(config.dataDir);
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
      await writeBackup(target, new Uint8Array(await dump.arrayBuffer()));
      console.log(`Backed up ${pgDir} to ${target} (${(dump.size / 1e6).toFixed(1)} MB).`);
    } else if (command === "restore" && file) {
      if (!existsSync(file)) stop(`No backup at ${resolve(file)}.`);
      let backup: Buffer<ArrayBuffer>;
      try {
        backup = readFileSync(file);
      } catch (error) {
        stop(`Could not read ${resolve(file)}: ${fileFault(error)}. Nothing was changed.`);
      }
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
    // What PGlite unpacked or rewrote on opening is the folder's user's alone again.
    await keepToOwner(config.dataDir);
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
