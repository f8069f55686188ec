import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";

/**
 * DATA_DIR holds password hashes, every text and the local model: only the server's user
 * may read or write anything in it (issue 24). Whatever this app creates there is created
 * with these modes.
 */
export const OWNER_ONLY_DIR = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** The group's and everyone else's permission bits. */
const GROUP_AND_OTHER = 0o077;

/**
 * Makes the folder (0700) when it is missing, and takes group and other bits off it when it
 * is not: first of all, so that nothing under it is within anyone else's reach meanwhile.
 */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY_DIR });
  await keepToOwner(dir, { below: false });
}

/**
 * Takes group and other bits off `path` and, with `below` (the default), off everything
 * under it; symbolic links are left as they are. Modes given at creation do not suffice:
 * PGlite unpacks a new folder with every file chmod-ed to 0666 (Emscripten's
 * `FS.writeFile`), and the PostgreSQL inside it writes its relation cache through its own
 * umask of 022, which no option reaches. A folder an older version made is fixed too.
 */
export async function keepToOwner(path: string, options = { below: true }): Promise<void> {
  const stats = await lstat(path).catch(ifGone);
  if (!stats || stats.isSymbolicLink()) return;
  if (stats.mode & GROUP_AND_OTHER) {
    await chmod(path, stats.mode & 0o7777 & ~GROUP_AND_OTHER).catch(ifGone);
  }
  if (!options.below || !stats.isDirectory()) return;
  const entries = (await readdir(path).catch(ifGone)) ?? [];
  await Promise.all(entries.map((entry) => keepToOwner(join(path, entry))));
}

/** A file the database removed while the walk went by was not left open to anyone. */
function ifGone(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}
