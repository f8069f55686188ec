/**
 * `npm start`: builds the site when there is no build yet (as `npm run build` does: the
 * pages, then the embedded database's seed), then runs the server (which applies
 * migrations before it listens).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("dist/server/entry.mjs")) {
  console.log("No build found: running `astro build` first.");
  const build = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Without the seed a new data folder still works, made by initdb: seconds slower.
  spawnSync(process.execPath, ["scripts/make-pglite-seed.ts"], { stdio: "inherit" });
}

await import("./main.ts");
