import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** Issue 30, item 3: what the image is built from and with. */
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.trim().replace(/\/$/, ""))
    .filter((line) => line && !line.startsWith("#"));

describe("the image's build", () => {
  it("leaves out of its context the secrets and backups that git leaves out", () => {
    const secrets = lines(".gitignore").filter((line) => /env|backup/.test(line));
    expect(secrets).toEqual([".env", ".env.*", "!.env.example", "backups"]);
    expect(lines(".dockerignore")).toEqual(expect.arrayContaining(secrets));
  });

  it("starts through npm start's entry, which refuses another address than the build's", () => {
    // server/start.mjs: in a folder without the sources it checks the addresses and serves
    // the build as it is (tests/unit/build-stamp.test.ts runs that refusal).
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toMatch(/^CMD \[.*"server\/start\.mjs"\]$/m);
    expect(runtime).not.toContain("dist/server/main.mjs");
    for (const needed of ["/app/server ./server", "/app/scripts ./scripts", "/app/dist ./dist"]) {
      expect(runtime).toContain(`COPY --from=build --chown=node:node ${needed}`);
    }
    expect(runtime).not.toMatch(/COPY .*astro\.config/);
    // Its addresses default to the build's, so a container given none is not refused.
    for (const name of ["PUBLIC_URL", "SUPPORT_EMAIL"]) {
      expect(runtime).toMatch(new RegExp(`^ARG ${name}=`, "m"));
      expect(runtime).toContain(`${name}=$${name}`);
    }
    const compose = readFileSync("compose.yaml", "utf8");
    expect(compose).not.toMatch(/^\s+(command|entrypoint):/m);
  });

  it("gets the addresses it bakes into its pages as build arguments", () => {
    const compose = readFileSync("compose.yaml", "utf8");
    const args = /^ {6}args:\n((?: {8}.+\n)+)/m.exec(compose)?.[1] ?? "";
    expect(args).toMatch(/^ {8}PUBLIC_URL: /m);
    expect(args).toMatch(/^ {8}SUPPORT_EMAIL: /m);
  });
});
