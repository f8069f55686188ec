// `npm start`: builds the site when there is no build yet (as `npm run build` does: the
// pages, the server's bundle, then the embedded database's seed), then runs the built
// server (which applies migrations before it listens). Plain JavaScript, like the bundle
// it runs, so that this process never loads Node's type stripper (decision 002).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" }).status;

if (!existsSync("dist/server/main.mjs")) {
  console.log("No build found: building first.");
  for (const step of [["node_modules/astro/bin/astro.mjs", "build"], ["scripts/build-server.ts"]]) {
    const status = run(step);
    if (status !== 0) process.exit(status ?? 1);
  }
  // Without the seed a new data folder still works, made by initdb: seconds slower.
  run(["scripts/make-pglite-seed.ts"]);
}

await import("../dist/server/main.mjs");
