import { existsSync } from "node:fs";

/** API tests run against the built server; `npm test` builds first. */
export default function setup(): void {
  if (!existsSync("dist/server/entry.mjs")) {
    throw new Error("No build found in dist/. Run `npm run build` before `npm run test:api`.");
  }
}
