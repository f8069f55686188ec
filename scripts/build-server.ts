/**
 * Bundles the server's own code (server/main.ts and the embedded database's thread) into
 * plain JavaScript in dist/server, so that the running server never strips TypeScript:
 * Node's type stripper is a WebAssembly module that stays resident in each thread that
 * loads a .ts file (decision 002).
 */
import { build } from "esbuild";

await build({
  entryPoints: {
    main: "server/main.ts",
    "pglite-thread": "src/lib/server/db/pglite-thread.ts",
  },
  outdir: "dist/server",
  outExtension: { ".js": ".mjs" },
  bundle: true,
  // Packages stay imports, but drizzle-orm is bundled: Node's resolver reads its large
  // package.json for each of its many modules, time and garbage at every start; bundled,
  // it loads as one file (decision 002).
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
console.log("wrote dist/server/main.mjs and dist/server/pglite-thread.mjs");
