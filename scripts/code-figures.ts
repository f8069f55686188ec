/**
 * The counting behind `npm run measures` (scripts/measures.ts), on text handed in, so that
 * tests/unit/measures.test.ts can check it on small made-up files.
 */
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

/** A file's path from the repository's root, with forward slashes, e.g. `src/lib/server/config.ts`. */
export type RepoPath = string;

/**
 * The specifiers a file imports at run time: static imports and re-exports, side-effect
 * imports and dynamic `import("…")`. `import type` and `export type` are left out: they
 * leave nothing behind to run, so they make no cycle.
 */
export function runtimeImports(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * The file a specifier names, or null for a package or a file that is not there: relative
 * paths, and package.json "imports" such as `"#server/*": "./src/lib/server/*"`.
 */
export function resolveImport(
  from: RepoPath,
  specifier: string,
  aliases: Record<string, string>,
  exists: (path: RepoPath) => boolean,
): RepoPath | null {
  let target: string | null = null;
  if (specifier.startsWith(".")) target = join(dirname(from), specifier);
  for (const [alias, to] of Object.entries(aliases)) {
    const prefix = alias.replace(/\*$/, "");
    if (alias.endsWith("*") && specifier.startsWith(prefix)) {
      target = to.replace(/\*$/, specifier.slice(prefix.length));
    } else if (specifier === alias) target = to;
  }
  if (target === null) return null;
  const path = normalize(target).replace(/\\/g, "/");
  const tries = [path, ...[".ts", ".tsx", ".js", ".mjs", "/index.ts"].map((end) => path + end)];
  return tries.find(exists) ?? null;
}

/** Who imports whom: each file to the files it imports at run time. */
export type ImportGraph = Map<RepoPath, RepoPath[]>;

/**
 * The import cycles among files, each a strongly connected group (Tarjan's algorithm) of
 * two or more files, or one file that imports itself; its files sorted.
 */
export function importCycles(graph: ImportGraph): RepoPath[][] {
  const index = new Map<RepoPath, number>();
  const low = new Map<RepoPath, number>();
  const stack: RepoPath[] = [];
  const onStack = new Set<RepoPath>();
  const cycles: RepoPath[][] = [];
  const connect = (file: RepoPath): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: RepoPath[] = [];
    let member: RepoPath;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) cycles.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The pairs of units (folders, say) that import each other: some file of each imports some
 * file of the other. `unitOf` names a file's unit, or null for files outside the question.
 */
export function mutualPairs(
  graph: ImportGraph,
  unitOf: (file: RepoPath) => string | null,
): [string, string][] {
  const edges = new Set<string>();
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [a, b] = [unitOf(from), unitOf(to)];
      if (a !== null && b !== null && a !== b) edges.add(`${a}\n${b}`);
    }
  }
  return [...edges]
    .map((edge) => edge.split("\n") as [string, string])
    .filter(([a, b]) => a < b && edges.has(`${b}\n${a}`))
    .sort((x, y) => x.join().localeCompare(y.join()));
}

/** The imports that go up: from a file on a floor to a file on a higher one (null: not floored). */
export function upwardImports(
  graph: ImportGraph,
  floorOf: (file: RepoPath) => number | null,
): { from: RepoPath; to: RepoPath }[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => {
        const [a, b] = [floorOf(from), floorOf(to)];
        return a !== null && b !== null && b > a;
      })
      .map((to) => ({ from, to })),
  );
}

/**
 * Whether a line takes part in repeated blocks: not blank, not a comment alone, not lone
 * punctuation (`});`, `/>`, `]`), not an import. Lines of a multi-line import are left out
 * with it.
 */
function countedLines(source: string): string[] {
  const kept: string[] = [];
  let inImport = false;
  for (const raw of source.split("\n")) {
    const line = raw.trim().replace(/\s+/g, " ");
    if (inImport) {
      inImport = !/\bfrom\s*["']|;$/.test(line);
      continue;
    }
    if (/^import\b/.test(line) && !/^import\s*\(/.test(line)) {
      inImport = !/\bfrom\s*["']|^import\s*["']|;$/.test(line);
      continue;
    }
    if (line === "" || /^(\/\/|\/\*|\*|\{\/\*|<!--)/.test(line)) continue;
    if (/^[\s{}()[\];,<>/]*$/.test(line)) continue;
    const shape = line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""').replace(/\b\d[\d_.]*\b/g, "0");
    // A row of a data table (literals and punctuation only) is data, not code written twice.
    if (/^[\s"0,:[\]{}()]*$/.test(shape.replace(/\b(?:\w+\s*:|true|false|null)/g, ""))) continue;
    kept.push(shape);
  }
  return kept;
}

/**
 * Repeated blocks, counted as the library's `duplicates` tool names them (its figures in
 * the issues), but without renamed names: the pairs of files (a file may pair with
 * itself) that share a run of `minLines` or more identical lines, where white space is
 * folded, strings and numbers count as alike (a test written again for another value is
 * a repeat), and blank, comment-only, lone-punctuation and import lines are passed over.
 * Two files count once however many runs they share. A run found in more than `mostPlaces`
 * places is too common to be a copy (a shape every file of a kind has) and is not counted.
 * The tool also pairs lines alike but for names, so its figures differ.
 */
export function repeatedPairs(
  files: Map<RepoPath, string>,
  minLines = 6,
  mostPlaces = 8,
): [RepoPath, RepoPath][] {
  const places = new Map<string, { file: RepoPath; at: number }[]>();
  for (const [file, source] of files) {
    const lines = countedLines(source);
    for (let at = 0; at + minLines <= lines.length; at++) {
      const run = lines.slice(at, at + minLines).join("\n");
      const list = places.get(run) ?? places.set(run, []).get(run)!;
      list.push({ file, at });
    }
  }
  const pairs = new Set<string>();
  for (const list of places.values()) {
    if (list.length < 2 || list.length > mostPlaces) continue;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const [a, b] = [list[i]!.file, list[j]!.file].sort();
        pairs.add(`${a}\n${b}`);
      }
    }
  }
  return [...pairs].sort().map((pair) => pair.split("\n") as [RepoPath, RepoPath]);
}

/**
 * The longest function of a file, by lines from its first to its last: declarations,
 * methods and functions given to a name (`const stop = () => {…}`). Anonymous callbacks
 * count towards the function they stand in.
 */
export function longestFunction(
  fileName: string,
  source: string,
): { name: string; lines: number } | null {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  let longest: { name: string; lines: number } | null = null;
  const visit = (node: ts.Node): void => {
    let name: string | undefined;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.body) {
      name = node.name?.getText(file) ?? "default";
    } else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    ) {
      name = node.name.getText(file);
    }
    if (name !== undefined) {
      const line = (at: number) => file.getLineAndCharacterOfPosition(at).line;
      const lines = line(node.getEnd()) - line(node.getStart(file)) + 1;
      if (!longest || lines > longest.lines) longest = { name, lines };
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return longest;
}
