/**
 * Part of `npm run build`: an embedded database with the migrations applied, packed as
 * dist/pglite-seed.tar.gz. A new data folder is unpacked from it, much faster than running
 * initdb (docs/decisions/033).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_EXTENSIONS } from "#server/db/embedded/extensions.ts";

const scratch = await mkdtemp(join(tmpdir(), "pglite-seed-"));
try {
  const db = await PGlite.create(join(scratch, "pglite"), { extensions: PGLITE_EXTENSIONS });
  await migrate(drizzle({ client: db }), { migrationsFolder: resolve("dist/drizzle") });
  const seed = await db.dumpDataDir("gzip");
  await db.close();
  await writeFile(resolve("dist/pglite-seed.tar.gz"), Buffer.from(await seed.arrayBuffer()));
  console.log(`wrote dist/pglite-seed.tar.gz (${(seed.size / 1e6).toFixed(1)} MB)`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
