import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Code that runs in the browser must never import server modules (secrets, database). */
const CLIENT_ROOTS = [
  "src/components/islands",
  "src/stores",
  "src/lib/client",
  "src/lib/shared",
  "src/i18n",
];

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path)
      : /\.(ts|tsx|js|jsx)$/.test(name)
        ? [path]
        : [];
  });
}

describe("import boundaries", () => {
  const files = CLIENT_ROOTS.flatMap(filesUnder);

  it("finds the client code it guards", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("%s imports nothing from lib/server", (file) => {
    const source = readFileSync(file, "utf8");
    const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map(
      (m) => m[1]!,
    );
    expect(imports.filter((specifier) => /lib\/server|^#server\/|^node:/.test(specifier))).toEqual(
      [],
    );
  });
});
