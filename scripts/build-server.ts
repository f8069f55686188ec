/**
 * Bundles the server's own code (server/main.ts and the embedded database's thread) into
 * plain JavaScript in dist/server, so that the running server never strips TypeScript:
 * Node's type stripper is a WebAssembly module that stays resident once loaded, about
 * 18 MB in each thread that loads a .ts file (decision 045).
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
  // Packages stay imports, but drizzle-orm is bundled: Node's resolver reads its 179 KB
  // package.json for each of the ~150 modules it loads, 0.7 s and 250 MB of garbage at every
  // start; bundled, it loads in 80 ms (decision 073).
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
