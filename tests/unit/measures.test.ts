import { describe, expect, it } from "vitest";
import {
  importCycles,
  longestFunction,
  mutualPairs,
  repeatedPairs,
  resolveImport,
  runtimeImports,
  upwardImports,
  type ImportGraph,
} from "../../scripts/code-figures.ts";

/** The counting behind `npm run measures`, on made-up files. */
const lines = (count: number, prefix = "total") =>
  Array.from({ length: count }, (_, at) => `const ${prefix}${at} = price * ${at};`).join("\n");

describe("repeated blocks", () => {
  it("pairs two files that share six identical lines, not five", () => {
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", lines(6)],
          ["b.ts", `let other = 1;\n${lines(6)}`],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", lines(5)],
          ["b.ts", lines(5)],
        ]),
      ),
    ).toEqual([]);
  });

  it("pairs a run written again for other strings and numbers, not for other names", () => {
    const valued = (word: string, base: number) =>
      Array.from({ length: 6 }, (_, at) => `expect(read("${word}${at}")).toBe(${base + at});`).join(
        "\n",
      );
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", valued("en", 1)],
          ["b.ts", valued("tr", 40)],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", lines(6)],
          ["b.ts", lines(6, "sum")],
        ]),
      ),
    ).toEqual([]);
  });

  it("passes over rows of a data table, which hold literals only", () => {
    const table = (base: number) =>
      Array.from(
        { length: 8 },
        (_, at) => `  ["case ${base + at}", ${base * at}, { ok: "yes" }],`,
      ).join("\n");
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", table(1)],
          ["b.ts", table(9)],
        ]),
      ),
    ).toEqual([]);
  });

  it("counts two files once however many runs they share", () => {
    const twice = `${lines(6)}\nlet gap = 1;\n${lines(6, "sum")}`;
    const other = `${lines(6, "sum")}\nlet other = 2;\n${lines(6)}`;
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", twice],
          ["b.ts", other],
        ]),
      ),
    ).toHaveLength(1);
  });

  it("folds white space and passes over blank, comment, punctuation and import lines", () => {
    const plain = lines(6);
    const padded = [
      'import { price } from "./price.ts";',
      "import {",
      "  tax,",
      '} from "./tax.ts";',
      ...plain
        .split("\n")
        .flatMap((line, at) => [
          `    ${line.replace(" = ", "   =   ")}`,
          at % 2 ? "" : "// a note",
          "});",
        ]),
    ].join("\n");
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", plain],
          ["b.tsx", padded],
        ]),
      ),
    ).toEqual([["a.ts", "b.tsx"]]);
    const sixImports = lines(6).replace(/^const/gm, "import");
    expect(
      repeatedPairs(
        new Map([
          ["a.ts", sixImports],
          ["b.ts", sixImports],
        ]),
      ),
    ).toEqual([]);
  });

  it("leaves out a run found in more than eight places", () => {
    const many = new Map(Array.from({ length: 9 }, (_, at) => [`f${at}.ts`, lines(6)]));
    expect(repeatedPairs(many)).toEqual([]);
    many.delete("f8.ts");
    expect(repeatedPairs(many)).toHaveLength(28);
  });
});

describe("imports", () => {
  it("reads run-time imports and leaves out type-only ones", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "./b.ts";',
      'import { type C, c } from "./c.ts";',
      'export { d } from "./d.ts";',
      'export type { E } from "./e.ts";',
      'import "./f.css";',
      'const g = await import("./g.ts");',
    ].join("\n");
    expect(runtimeImports("x.ts", source)).toEqual([
      "./a.ts",
      "./c.ts",
      "./d.ts",
      "./f.css",
      "./g.ts",
    ]);
  });

  it("resolves relative paths and package.json imports, not packages", () => {
    const files = new Set(["src/lib/server/db/index.ts", "src/lib/shared/zod.ts"]);
    const aliases = { "#server/*": "./src/lib/server/*", "#shared/*": "./src/lib/shared/*" };
    const from = "src/lib/server/auth/sessions.ts";
    const resolve = (specifier: string) =>
      resolveImport(from, specifier, aliases, (path) => files.has(path));
    expect(resolve("../db/index.ts")).toBe("src/lib/server/db/index.ts");
    expect(resolve("#server/db/index.ts")).toBe("src/lib/server/db/index.ts");
    expect(resolve("#shared/zod")).toBe("src/lib/shared/zod.ts");
    expect(resolve("zod")).toBeNull();
    expect(resolve("./missing.ts")).toBeNull();
  });

  it("finds a cycle through three files, and none once it is broken", () => {
    const graph: ImportGraph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", []],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    graph.set("c.ts", ["d.ts"]);
    expect(importCycles(graph)).toEqual([]);
    graph.set("d.ts", ["d.ts"]);
    expect(importCycles(graph)).toEqual([["d.ts"]]);
  });

  it("names folders that import each other, and imports that go up a floor", () => {
    const graph: ImportGraph = new Map([
      ["auth/a.ts", ["credits/c.ts", "auth/b.ts"]],
      ["credits/c.ts", ["auth/b.ts"]],
      ["http/h.ts", ["auth/a.ts"]],
      ["db/d.ts", ["http/h.ts"]],
    ]);
    const folder = (file: string) => file.split("/")[0]!;
    expect(mutualPairs(graph, folder)).toEqual([["auth", "credits"]]);
    const floors: Record<string, number> = { db: 1, auth: 2, credits: 2, http: 3 };
    expect(upwardImports(graph, (file) => floors[folder(file)] ?? null)).toEqual([
      { from: "db/d.ts", to: "http/h.ts" },
    ]);
  });
});

describe("the longest function", () => {
  it("measures declarations and named arrows from their first line to their last", () => {
    const source = [
      "export async function start(",
      "  a: number,",
      "): Promise<void> {",
      "  const stop = () => {",
      "    a++;",
      "  };",
      "}",
      "const short = () => 1;",
    ].join("\n");
    expect(longestFunction("x.ts", source)).toEqual({ name: "start", lines: 7 });
  });
});
