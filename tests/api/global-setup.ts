import { existsSync } from "node:fs";
import { buildNeeded } from "../../scripts/build-stamp.mjs";

/**
 * API tests run against the built server; `npm test` builds first. A build older than the
 * sources would test old code, and the `npm start` test would build again under the others.
 */
export default function setup(): void {
  if (
    !["entry.mjs", "main.mjs", "pglite-thread.mjs"].every((file) =>
      existsSync(`dist/server/${file}`),
    )
  ) {
    throw new Error("No build found in dist/. Run `npm run build` before `npm run test:api`.");
  }
  if (buildNeeded() !== null) {
    throw new Error(
      "The build in dist/ is older than the sources. Run `npm run build` before `npm run test:api`.",
    );
  }
}
