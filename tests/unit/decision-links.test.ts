import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every link to a decision record, and every "decision 0NN" a comment or a document names,
 * must reach a record that exists: records are merged and deleted as the rules change.
 */
const ROOT = join(import.meta.dirname, "../..");
const DECISIONS = join(ROOT, "docs/decisions");
const records = readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name));
const numbers = new Set(records.map((name) => name.slice(0, 3)));

/** Records merged into another (issues 18 and 25): where a mention of the old number should point. */
const MERGED: Record<string, string> = {
  "005": "028",
  "011": "056",
  "013": "066",
  "017": "062",
  "018": "010",
  "024": "056",
  "025": "056",
  "027": "001",
  "029": "070",
  "030": "063",
  "031": "056",
  "032": "066",
  "037": "074",
  "038": "078",
  "039": "078",
  "040": "078",
  "043": "001",
  "045": "002",
  "046": "061",
  "048": "033",
  "049": "078",
  "050": "033",
  "051": "061",
  "053": "061",
  "073": "002",
  "075": "033",
  "076": "033",
  "077": "033",
  "079": "078",
  "080": "072",
  "081": "002",
  "082": "033",
  "083": "033",
  "092": "070",
  "101": "069",
  "102": "069",
  "103": "069",
  "104": "069",
  "105": "069",
  "106": "069",
  "107": "069",
};

const SKIP = new Set(["node_modules", "dist", ".astro", ".data", ".test-data", ".git"]);
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .filter((name) => !SKIP.has(name))
    .flatMap((name) => filesUnder(join(path, name)));
}

const TEXT = /\.(md|ts|tsx|mjs|cjs|js|astro|json|yaml)$|Dockerfile$/;
const files = [
  "README.md",
  "Dockerfile",
  "astro.config.ts",
  "docs",
  "src",
  "tests",
  "bench",
  "scripts",
  "server",
].flatMap((path) => filesUnder(join(ROOT, path)).filter((file) => TEXT.test(file)));

function problems(find: (file: string, text: string) => string[]): string[] {
  return files.flatMap((file) => find(relative(ROOT, file), readFileSync(file, "utf8")));
}

function missing(file: string, number: string, what: string): string[] {
  if (numbers.has(number)) return [];
  const to = MERGED[number];
  return [`${file}: ${what}${to ? ` (merged into ${to})` : " (no such record)"}`];
}

describe("links to decision records", () => {
  it("finds the records", () => {
    expect(records.length).toBeGreaterThan(10);
  });

  it("every Markdown link to a decision reaches its file", () => {
    const broken = problems((file, text) =>
      [...text.matchAll(/\]\(([^)#\s]*decisions\/[^)#\s]*|\d{3}-[^)#\s/]*\.md)\)/g)].flatMap(
        ([, target]) =>
          existsSync(join(ROOT, dirname(file), target!)) ? [] : [`${file}: ${target}`],
      ),
    );
    expect(broken).toEqual([]);
  });

  it("every docs/decisions path names a record that exists", () => {
    const broken = problems((file, text) =>
      [...text.matchAll(/docs\/decisions\/(\d{3})([-\w.]*\.md)?((?: and \d{3})*)/g)].flatMap(
        ([path, number, name, more]) => {
          if (name && !existsSync(join(DECISIONS, number! + name)))
            return [`${file}: ${path} (no such file)`];
          const all = [number!, ...[...(more ?? "").matchAll(/\d{3}/g)].map(([n]) => n)];
          return all.flatMap((n) => missing(file, n, `docs/decisions/${n}`));
        },
      ),
    );
    expect(broken).toEqual([]);
  });

  it('every "decision 0NN" names a record that exists', () => {
    const broken = problems((file, text) =>
      [...text.matchAll(/\b[Dd]ecisions? (\d{3}(?:(?:, | and | or )\d{3})*)/g)].flatMap(
        ([, list]) =>
          [...list!.matchAll(/\d{3}/g)].flatMap(([n]) => missing(file, n, `decision ${n}`)),
      ),
    );
    expect(broken).toEqual([]);
  });
});
