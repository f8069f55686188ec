// `npm start`: builds the site when there is no build yet (as `npm run build` does: the
// pages, the server's bundle, then the embedded database's seed), then runs the built
// server (which applies migrations before it listens). Plain JavaScript, like the bundle
// it runs, so that this process never loads Node's type stripper (decision 045).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import MALLOC_ENV from "./malloc-env.json" with { type: "json" };

// glibc reads its malloc settings once, at process start: when one is missing, this
// process becomes a new Node with them (same process id, so signals still reach the
// server), as the Docker image starts with them (decisions 040 and 045).
const missing = Object.keys(MALLOC_ENV).filter((name) => process.env[name] === undefined);
if (process.platform === "linux" && missing.length > 0 && process.execve) {
  try {
    process.execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      { ...MALLOC_ENV, ...process.env },
    );
  } catch (error) {
    console.warn(`Running without ${missing.join(", ")}: ${error.message}`);
  }
}

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
