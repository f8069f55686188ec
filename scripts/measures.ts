/**
 * `npm run measures`: the figures that regrow when nobody looks, in one table, each beside
 * its bound. Exits 1 when a ceiling is passed: decision records ≤ 50, docs/benchmarks.md
 * ≤ 300 lines, no import cycle in src/lib/server. The other bounds are targets: printed,
 * never failed. `.ci/run` runs it on every submission. `--quick` leaves out the one slow
 * row (a local-model text written, ~20 s; no build needed).
 *
 * Floors, for "upward imports": a module of src/lib imports from its own floor or below.
 *   0  src/lib/shared: schemas, types and constants of both sides
 *   1  files directly in src/lib/server, and the folders of BASE (db/, network/, keys/):
 *      config, logger, errors, the database, the client's address, the deployment's keys
 *   2  the other folders of src/lib/server, one concern each (auth, credits, generation, …)
 *   3  the folders of TOP: http/ (the door requests come in by), jobs/ (the timers),
 *      registration/ and console/ (flows over several concerns), which call the concerns
 * "Folder pairs" are two units of src/lib/server that import each other, a unit being a
 * folder, or a file that stands directly in src/lib/server.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  importCycles,
  longestFunction,
  mutualPairs,
  repeatedPairs,
  resolveImport,
  runtimeImports,
  upwardImports,
  type ImportGraph,
  type RepoPath,
} from "./code-figures.ts";

const root = resolve(import.meta.dirname, "..");
const read = (file: RepoPath) => readFileSync(join(root, file), "utf8");
const lineCount = (file: RepoPath) =>
  read(file).split("\n").length - (read(file).endsWith("\n") ? 1 : 0);

/** Files under `dir` whose path matches `pattern`, as repository paths. */
function filesUnder(dir: RepoPath, pattern: RegExp): RepoPath[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      join(entry.parentPath, entry.name)
        .slice(root.length + 1)
        .replace(/\\/g, "/"),
    )
    .filter((file) => pattern.test(file))
    .sort();
}

const CODE = /\.(ts|tsx|astro|mjs|cjs|js|css)$/;
const SERVER = "src/lib/server/";

function importGraph(): ImportGraph {
  const aliases = (JSON.parse(read("package.json")) as { imports: Record<string, string> }).imports;
  const exists = (path: RepoPath) => existsSync(join(root, path)) && /\.\w+$/.test(path);
  const graph: ImportGraph = new Map();
  for (const file of filesUnder("src/lib", /\.(ts|tsx|mjs)$/)) {
    const targets = runtimeImports(file, read(file))
      .map((specifier) => resolveImport(file, specifier, aliases, exists))
      .filter((target): target is RepoPath => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The folders of src/lib/server on floor 1 and on floor 3; every other folder is on 2. */
const BASE = new Set(["db", "network", "keys"]);
const TOP = new Set(["http", "jobs", "registration", "console"]);

function floorOf(file: RepoPath): number | null {
  if (file.startsWith("src/lib/shared/")) return 0;
  if (!file.startsWith(SERVER)) return null;
  const [unit, ...rest] = file.slice(SERVER.length).split("/");
  if (rest.length === 0 || BASE.has(unit!)) return 1;
  return TOP.has(unit!) ? 3 : 2;
}

const unitOf = (file: RepoPath) =>
  file.startsWith(SERVER) ? file.slice(SERVER.length).split("/")[0]! : null;

/** `node scripts/code-path.ts` in its own process (it measures from its first line); its count. */
function filesOneLocalTextRuns(): string {
  if (process.argv.includes("--quick")) return "not measured (--quick)";
  const run = spawnSync(process.execPath, [join(root, "scripts/code-path.ts")], {
    cwd: root,
    encoding: "utf8",
    timeout: 300_000,
  });
  const count = /(\d+) source files ran code/.exec(run.stdout)?.[1];
  if (count) return count;
  const why = (run.error?.message ?? run.stderr.trim().split("\n").at(-1)) || `exit ${run.status}`;
  return `not measured: scripts/code-path.ts failed (${why})`;
}

interface Row {
  figure: string;
  value: string;
  bound: string;
  /** true when within the bound, false when past it, undefined when it has none. */
  within?: boolean;
  /** A ceiling fails the run when passed; a target is only shown. */
  ceiling?: boolean;
  /** What the figure counts, one a line under the table. */
  details?: string[];
}

const graph = importGraph();
const serverGraph: ImportGraph = new Map(
  [...graph]
    .filter(([file]) => file.startsWith(SERVER))
    .map(([file, targets]) => [file, targets.filter((to) => to.startsWith(SERVER))]),
);
const cycles = importCycles(serverGraph);
const pairs = mutualPairs(serverGraph, unitOf);
const upward = upwardImports(graph, floorOf);
const service = `${SERVER}generation/service.ts`;
const serviceLines = lineCount(service);
const longest = longestFunction(service, read(service));
const modules = ["src", "server"]
  .flatMap((dir) => filesUnder(dir, /\.(ts|tsx|astro|mjs|cjs|js)$/))
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, lines: lineCount(file) }))
  .sort((a, b) => b.lines - a.lines)
  .slice(0, 5);
const decisions = filesUnder("docs/decisions", /\/\d{3}-[^/]+\.md$/).length;
const benchmarks = lineCount("docs/benchmarks.md");
const repeats = (dir: RepoPath) =>
  repeatedPairs(new Map(filesUnder(dir, CODE).map((file) => [file, read(file)])));
const srcRepeats = repeats("src");
const testRepeats = repeats("tests");
const short = (file: RepoPath) => file.replace(/^src\/lib\//, "");

const rows: Row[] = [
  { figure: "files one local-model text runs", value: filesOneLocalTextRuns(), bound: "" },
  {
    figure: "generation/service.ts lines",
    value: String(serviceLines),
    bound: "≤ 300",
    within: serviceLines <= 300,
  },
  {
    figure: "generation/service.ts longest function",
    value: longest ? `${longest.lines} (${longest.name})` : "none",
    bound: "≤ 60",
    within: (longest?.lines ?? 0) <= 60,
  },
  {
    figure: "largest module in src/ and server/",
    value: String(modules[0]?.lines ?? 0),
    bound: "",
    details: modules.map(({ file, lines }) => `${lines} ${file}`),
  },
  {
    figure: "decision records",
    value: String(decisions),
    bound: "≤ 50",
    within: decisions <= 50,
    ceiling: true,
  },
  {
    figure: "docs/benchmarks.md lines",
    value: String(benchmarks),
    bound: "≤ 300",
    within: benchmarks <= 300,
    ceiling: true,
  },
  {
    figure: "repeated 6-line blocks in src/",
    value: String(srcRepeats.length),
    bound: "",
    details: srcRepeats.map((pair) => pair.join(" ~ ")),
  },
  {
    figure: "repeated 6-line blocks in tests/",
    value: String(testRepeats.length),
    bound: "≤ 30",
    within: testRepeats.length <= 30,
    details: testRepeats.map((pair) => pair.join(" ~ ")),
  },
  {
    figure: "import cycles in src/lib/server",
    value: String(cycles.length),
    bound: "0",
    within: cycles.length === 0,
    ceiling: true,
    details: cycles.map((cycle) => cycle.map(short).join(" ↔ ")),
  },
  {
    figure: "folder pairs importing each other in src/lib/server",
    value: String(pairs.length),
    bound: "0",
    within: pairs.length === 0,
    details: pairs.map((pair) => pair.join(" ↔ ")),
  },
  {
    figure: "upward imports in src/lib",
    value: String(upward.length),
    bound: "0",
    within: upward.length === 0,
    details: upward.map(({ from, to }) => `${short(from)} → ${short(to)}`),
  },
];

const mark = (row: Row) =>
  row.within === undefined ? "" : row.within ? "ok" : row.ceiling ? "FAILS" : "over target";
const table = [
  ["figure", "now", "bound", ""],
  ...rows.map((row) => [row.figure, row.value, row.bound, mark(row)]),
];
const widths = [0, 1, 2].map((at) => Math.max(...table.map((cells) => cells[at]!.length)));
console.log("measures: a ceiling past FAILS the run; a target past is shown");
for (const cells of table) {
  console.log(
    cells
      .map((cell, at) => (at < 3 ? cell.padEnd(widths[at]!) : cell))
      .join("  ")
      .trimEnd(),
  );
}
for (const row of rows.filter((row) => row.details?.length)) {
  console.log(`\n${row.figure}:\n${row.details!.map((line) => `  ${line}`).join("\n")}`);
}
const failed = rows.filter((row) => row.ceiling && row.within === false);
if (failed.length > 0) {
  console.log(`\npast the ceiling: ${failed.map((row) => row.figure).join(", ")}`);
  process.exit(1);
}
