import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { OWNER_ONLY_FILE } from "#server/data-dir.ts";

export class DataDirInUse extends Error {
  override name = "DataDirInUse";
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One PGlite per data folder (it is a single-process database): a lock file with the
 * owner's pid, taken atomically; a lock left by a process that no longer runs is taken
 * over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = resolve(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx", OWNER_ONLY_FILE);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop that server, or give this one another DATA_DIR (or a DATABASE_URL).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUse(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * A new data folder is made by initdb, which leaves PGlite's process holding far more
 * memory than a server that reopens a folder. It runs
 * in a short-lived process of its own, so that the server only ever opens a folder that
 * exists (docs/decisions/033).
 */
export function createDataDirIfMissing(pgDir: string): boolean {
  if (existsSync(resolve(pgDir, "PG_VERSION"))) return false;
  const script = resolve("src/lib/server/db/embedded/create.ts");
  const seed = resolve("dist/pglite-seed.tar.gz");
  const created = spawnSync(process.execPath, [script, pgDir, seed], { encoding: "utf8" });
  if (created.status !== 0) {
    throw new Error(`Could not create the embedded database in ${pgDir}: ${created.stderr.trim()}`);
  }
  return true;
}

/**
 * The embedded database's folder takes a file and gives it back: a folder made read-only
 * or a full disk fails here (EACCES, EROFS, ENOSPC) as PGlite's next write to a new file
 * would. Cheap enough for every `/readyz`.
 */
export async function probeFolder(pgDir: string): Promise<void> {
  const probe = resolve(pgDir, "readiness-probe");
  await writeFile(probe, "ready\n", { mode: OWNER_ONLY_FILE });
  await rm(probe, { force: true });
}
