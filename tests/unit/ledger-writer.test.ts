import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * "Balance = ledger sum" lives in one module (credits/ledger.ts: postCredit, and openGuest
 * for a new guest's opening balance). A balance changed or a ledger row written anywhere
 * else could drift from it, so no other module may do either.
 */
const SOURCE = join(import.meta.dirname, "../../src");
const LEDGER_WRITER = "lib/server/credits/ledger.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
  });
}

/** Writes that only the ledger writer may make. */
const BALANCE_WRITES = [
  /\.insert\(\s*creditLedger\s*\)/,
  /\.update\(\s*(users|guests)\s*\)\s*\.set\(\s*\{[^}]*\bcredits\s*:/s,
  /\.insert\(\s*(users|guests)\s*\)\s*\.values\(\s*\{[^}]*\bcredits\s*:(?!\s*0\b)/s,
  /\b(update|insert\s+into)\s+"?(users|guests|credit_ledger)"?\b/i,
  /\b(update|insert\s+into)\s+\$\{\s*(users|guests|creditLedger)\s*\}/i,
];

describe("the ledger writer", () => {
  const files = sourceFiles(SOURCE).map((path) => ({
    path: relative(SOURCE, path),
    text: readFileSync(path, "utf8"),
  }));

  it("finds the source it scans, the ledger writer among it", () => {
    expect(files.length).toBeGreaterThan(50);
    const writer = files.find((file) => file.path === LEDGER_WRITER)!;
    // Its four writes: a user's and a guest's balance, a new guest's, and the ledger row.
    const writes = BALANCE_WRITES.flatMap((pattern) => [
      ...writer.text.matchAll(new RegExp(pattern.source, `${pattern.flags}g`)),
    ]);
    expect(writes.length).toBeGreaterThanOrEqual(4);
  });

  it("is the only module that changes a balance or writes the ledger", () => {
    const offenders = files
      .filter((file) => file.path !== LEDGER_WRITER)
      .flatMap((file) =>
        BALANCE_WRITES.filter((pattern) => pattern.test(file.text)).map(
          (pattern) => `${file.path}: ${pattern}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
