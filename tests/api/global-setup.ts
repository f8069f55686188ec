import { existsSync } from "node:fs";

/** API tests run against the built server; `npm test` builds first. */
export default function setup(): void {
  if (
    !["entry.mjs", "main.mjs", "pglite-thread.mjs"].every((file) =>
      existsSync(`dist/server/${file}`),
    )
  ) {
    throw new Error("No build found in dist/. Run `npm run build` before `npm run test:api`.");
  }
}
