import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The build runs our host: astro.config.ts's `astro:config:done` hook makes server/main.ts
 * the adapter's server entry, so that the host and the routes are one module graph
 * (decision 002). An Astro or adapter upgrade that stops honouring the hook would build the
 * adapter's own entry instead, a server with none of the host's headers, paths or drain;
 * this fails then. The api project's setup refuses a missing or stale build.
 */
describe("the built server", () => {
  it("starts at the entry Astro built from server/main.ts", () => {
    expect(readFileSync("dist/server/main.mjs", "utf8")).toMatch(
      /^await import\("\.\/entry\.mjs"\);$/m,
    );
    // The bundler heads each module it inlines with its path.
    expect(readFileSync("dist/server/entry.mjs", "utf8")).toMatch(/^\/\/ server\/main\.ts$/m);
  });
});
