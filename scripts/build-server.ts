/**
 * Bundles the server's own code (server/main.ts and the embedded database's thread) into
 * plain JavaScript in dist/server, so that the running server never strips TypeScript:
 * Node's type stripper is a WebAssembly module that stays resident once loaded, about
 * 18 MB in each thread that loads a .ts file (decision 045). Packages stay imports.
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
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node22.18",
  sourcemap: "linked",
  logLevel: "warning",
});
console.log("wrote dist/server/main.mjs and dist/server/pglite-thread.mjs");
