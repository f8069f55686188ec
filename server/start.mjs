// `npm start`: builds the site when there is no build yet or the build is not the
// checkout's (decision 094: its stamp differs after a `git pull`), as `npm run build` does:
// the pages, the server's bundle with its copy of the migrations, the embedded database's
// seed and the stamp. Then runs the built server, which applies the build's migrations
// before it listens. Plain JavaScript, like the bundle it runs, so that this process never
// loads Node's type stripper (decision 002).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { existsSync } from "node:fs";
import { addressChange, buildNeeded } from "../scripts/build-stamp.mjs";

const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" }).status;

// A folder with only the build (an image) cannot build again: one line, and out.
const change = existsSync("astro.config.ts") ? null : addressChange();
if (change) {
  console.error(`${change}; build again with it (a build argument in compose.yaml).`);
  process.exit(1);
}

const why = buildNeeded();
if (why) {
  console.log(why);
  for (const step of [
    ["node_modules/astro/bin/astro.mjs", "build"],
    ["scripts/build-server.ts"],
    // Without the seed a new data folder still works, made by initdb: seconds slower.
    ["scripts/make-pglite-seed.ts"],
    ["scripts/build-stamp.mjs"],
  ]) {
    const status = run(step);
    if (status !== 0 && step[0] !== "scripts/make-pglite-seed.ts") process.exit(status ?? 1);
  }
}

await import(pathToFileURL(resolve("dist/server/main.mjs")).href);
