/**
 * `node scripts/layout-figures.ts`: the figures issue 18 asks the layout to hold, printed
 * beside their bounds: the generation service's length and its longest function, import
 * cycles among the server's folders, the longest components, the number of decision
 * records and the length of docs/benchmarks.md. (Files per local-model text:
 * scripts/code-path.ts.)
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const lines = (file: string) => readFileSync(join(root, file), "utf8").split("\n").length - 1;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((file) => pattern.test(file) && statSync(join(root, file)).isFile());
}

/** The longest function of a file: from a line that opens one to its closing brace at the same indent. */
function longestFunction(file: string): { name: string; lines: number } {
  const text = readFileSync(join(root, file), "utf8").split("\n");
  let longest = { name: "", lines: 0 };
  text.forEach((line, start) => {
    const opens =
      /^(\s*)(?:export )?(?:async )?function\*? (\w+)|^(\s*)(?:export )?const (\w+) = (?:async )?\(.*=> \{$/.exec(
        line,
      );
    // A signature that runs over several lines opens with "(".
    if (!opens || !/[{(]$/.test(line.trimEnd())) return;
    const indent = opens[1] ?? opens[3] ?? "";
    const closes = new RegExp(`^${indent}\\}[;,]?$`);
    const end = text.findIndex((other, at) => at > start && closes.test(other));
    const length = end - start + 1;
    if (end > 0 && length > longest.lines) longest = { name: opens[2] ?? opens[4]!, lines: length };
  });
  return longest;
}

/** Import cycles between the server's folders (a folder imports another through any of its files). */
function folderCycles(): string[][] {
  const base = "src/lib/server";
  const folderOf = (file: string) => relative(base, dirname(file)).split("/")[0] || ".";
  const edges = new Map<string, Set<string>>();
  for (const file of filesUnder(base, /\.tsx?$/)) {
    const from = folderOf(file);
    for (const [, target] of readFileSync(join(root, file), "utf8").matchAll(
      /^(?:import|export)[^"']*?from\s+["']([^"']+)["']/gm,
    )) {
      const path = target!.startsWith("#server/")
        ? join(base, target!.slice("#server/".length))
        : target!.startsWith(".")
          ? join(dirname(file), target!)
          : null;
      if (!path || !path.startsWith(base)) continue;
      const to = folderOf(path);
      if (to !== from) (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
    }
  }
  const cycles: string[][] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) {
      if (from < to && edges.get(to)?.has(from)) cycles.push([from, to]);
    }
  }
  return cycles;
}

const service = "src/lib/server/generation/service.ts";
const components = filesUnder("src/components", /\.tsx$/)
  .map((file) => ({ file, lines: lines(file) }))
  .sort((a, b) => b.lines - a.lines);
const longest = longestFunction(service);
const rows: [string, string, string][] = [
  [`${service} lines`, String(lines(service)), "≤ 300"],
  [`${service} longest function`, `${longest.name}, ${longest.lines} lines`, "≤ 60"],
  [
    "folders of src/lib/server that import each other",
    folderCycles()
      .map((pair) => pair.join(" ↔ "))
      .join(", ") || "none",
    "none between generation/ and credits/",
  ],
  [
    "longest components",
    components
      .slice(0, 3)
      .map(({ file, lines }) => `${relative("src/components", file)} ${lines}`)
      .join(", "),
    "≤ ~250 each",
  ],
  [
    "decision records",
    String(filesUnder("docs/decisions", /\.md$/).length),
    "one per standing rule",
  ],
  ["docs/benchmarks.md lines", String(lines("docs/benchmarks.md")), "≤ 300"],
];
for (const [what, figure, bound] of rows) console.log(`${what}: ${figure} (${bound})`);
