/**
 * After `astro build`: the embedded database's thread bundled into plain JavaScript (a
 * worker loads it apart from the app), and `dist/server/main.mjs`, the file that runs the
 * server, which starts Astro's server entry: our host, server/main.ts, built by Astro with
 * the routes in one module graph (decision 002). Plain JavaScript, so that the running
 * server never strips TypeScript.
 */
import { cp, rm, writeFile } from "node:fs/promises";
import { build } from "esbuild";

await build({
  entryPoints: { "pglite-thread": "src/lib/server/db/embedded/thread.ts" },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // Packages stay imports, but drizzle-orm is bundled: Node's resolver reads its large
  // package.json for each of its many modules at every start (decision 002).
  plugins: [
    {
      name: "packages-external-but-drizzle",
      setup(build) {
        build.onResolve({ filter: /^[^./#]/ }, ({ path }) =>
          /^drizzle-orm(\/|$)/.test(path) ? undefined : { path, external: true },
        );
      },
    },
  ],
  platform: "node",
  format: "esm",
  target: "node22.18",
  sourcemap: "linked",
  logLevel: "warning",
});
await writeFile(
  "dist/server/main.mjs",
  '// The server: our host, built by Astro as its server entry (scripts/build-server.ts).\nawait import("./entry.mjs");\n',
);
// The build's own copy of the migrations: the server applies these, never ./drizzle, which
// a `git pull` may have moved past the build (decision 094).
await rm("dist/drizzle", { recursive: true, force: true });
await cp("drizzle", "dist/drizzle", { recursive: true });
console.log("wrote dist/server/main.mjs, dist/server/pglite-thread.mjs and dist/drizzle");
