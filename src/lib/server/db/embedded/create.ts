/**
 * Creates an embedded database folder and exits: the serving process only opens folders
 * that exist (docs/decisions/033). Unpacks the build's seed when there is one (migrations
 * applied, about a second), else runs initdb (about five). Run by pglite-client.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./extensions.ts";

const [dir, seedPath] = process.argv.slice(2);
if (!dir) {
  console.error("usage: pglite-create.ts <data folder> [seed.tar.gz]");
  process.exit(2);
}
const seed = seedPath && existsSync(seedPath) ? new Blob([readFileSync(seedPath)]) : undefined;
const db = await PGlite.create(dir, {
  extensions: PGLITE_EXTENSIONS,
  ...(seed ? { loadDataDir: seed } : {}),
});
await db.close();
