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

  it("gets the addresses it bakes into its pages as build arguments", () => {
    const compose = readFileSync("compose.yaml", "utf8");
    const args = /^ {6}args:\n((?: {8}.+\n)+)/m.exec(compose)?.[1] ?? "";
    expect(args).toMatch(/^ {8}PUBLIC_URL: /m);
    expect(args).toMatch(/^ {8}SUPPORT_EMAIL: /m);
  });
});
