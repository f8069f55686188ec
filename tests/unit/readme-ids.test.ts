import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTENT_TYPE_IDS, LANGUAGE_IDS, LENGTHS, TONES } from "#shared/generation.ts";

/** The README's "Accepted ids" table: each field's row, its ids in the order written. */
function readmeIds(): Map<string, string[]> {
  const readme = readFileSync("README.md", "utf8");
  const start = readme.indexOf("**Accepted ids**");
  expect(start, "the README's Accepted ids table").toBeGreaterThan(-1);
  const rows = new Map<string, string[]>();
  for (const line of readme.slice(start).split("\n").slice(1)) {
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

describe("the README's API ids", () => {
  it("list exactly the languages, content types, tones and lengths the API accepts", () => {
    expect(Object.fromEntries(readmeIds())).toEqual({
      language: [...LANGUAGE_IDS],
      contentType: [...CONTENT_TYPE_IDS],
      tone: [...TONES],
      length: [...LENGTHS],
    });
  });
});
