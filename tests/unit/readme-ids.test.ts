import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPE_IDS, LANGUAGE_IDS, LENGTHS, TONES } from "#shared/generation.ts";

/** docs/api.md's "Accepted ids" table: each field's row, its ids in the order written. */
function documentedIds(): Map<string, string[]> {
  const reference = readFileSync("docs/api.md", "utf8");
  const start = reference.indexOf("**Accepted ids**");
  expect(start, "docs/api.md's Accepted ids table").toBeGreaterThan(-1);
  const rows = new Map<string, string[]>();
  for (const line of reference.slice(start).split("\n").slice(1)) {
    const match = /^\| `(\w+)`\s*\|([^|]*)\|$/.exec(line.trim());
    if (!match) {
      if (rows.size > 0 && !line.startsWith("|")) break;
      continue;
    }
    // Ids are the code spans before any parenthesis (which holds prose).
    const ids = match[2]!.split("(")[0]!.match(/`[^`]+`/g) ?? [];
    rows.set(
      match[1]!,
      ids.map((id) => id.slice(1, -1)),
    );
  }
  return rows;
}

describe("docs/api.md's API ids", () => {
  it("list exactly the languages, content types, tones and lengths the API accepts", () => {
    expect(Object.fromEntries(documentedIds())).toEqual({
      language: [...LANGUAGE_IDS],
      contentType: [...CONTENT_TYPE_IDS],
      tone: [...TONES],
      length: [...LENGTHS],
    });
  });
});

describe("the README", () => {
  // A map read in a terminal: the reference lives in docs/ (issue 30).
  const lines = readFileSync("README.md", "utf8").trimEnd().split("\n");

  it("is at most 250 lines", () => {
    expect(lines.length).toBeLessThanOrEqual(250);
  });

  it("has no line over 200 characters", () => {
    const wide = lines.flatMap((line, index) => (line.length > 200 ? [index + 1] : []));
    expect(wide, "README.md lines over 200 characters").toEqual([]);
  });
});
