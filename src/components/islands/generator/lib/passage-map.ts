import type { PassageRange } from "#shared/schemas/generation.ts";

/**
 * Where the words a person sees stand in the Markdown they were rendered from (issue 43): a
 * selection in the rendered text becomes a range of the text's Markdown, the range the
 * server changes, and a new passage's range becomes a stretch of the page to mark.
 *
 * The rendered text is the Markdown without its markup, so each visible character is found
 * in order in the Markdown; markup that never shows (a link's address, a table's rule, a
 * code fence's line) is skipped. Whitespace takes no part: the renderer adds and drops it.
 */

/** How far past markup the next visible character may be looked for. */
const LOOKAHEAD = 400;

/** Markup that is never shown as text, so never matches a shown character. */
const HIDDEN = [
  // A link's address and title: "](https://…)".
  /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/g,
  // A table's rule row, a thematic break, a code fence's line.
  /^ {0,3}\|?(?: *:?-+:? *\|)+ *:?-*:? *\|? *$/gm,
  /^ {0,3}([-*_])(?: *\1){2,} *$/gm,
  /^ {0,3}(?:`{3,}|~{3,}).*$/gm,
];

function hiddenMask(source: string): Uint8Array {
  const hidden = new Uint8Array(source.length);
  for (const pattern of HIDDEN) {
    for (const match of source.matchAll(pattern)) {
      // The link's "]" is markup too, but the "](" search starts at it: keep it hidden.
      hidden.fill(1, match.index, match.index + match[0].length);
    }
  }
  return hidden;
}

const SPACE = /\s/;

/**
 * For each character of `rendered`, the index of the same character in `source`, or -1
 * (whitespace, or a character the renderer made: none of it can be chosen).
 */
export function alignRendered(source: string, rendered: string): Int32Array {
  const map = new Int32Array(rendered.length).fill(-1);
  const hidden = hiddenMask(source);
  let cursor = 0;
  for (let i = 0; i < rendered.length; i++) {
    const char = rendered[i]!;
    if (SPACE.test(char)) continue;
    const limit = Math.min(source.length, cursor + LOOKAHEAD);
    for (let at = cursor; at < limit; at++) {
      if (source[at] === char && !hidden[at]) {
        map[i] = at;
        cursor = at + 1;
        break;
      }
    }
  }
  return map;
}

/**
 * The range of `source` that rendered characters `[from, to)` show, or null when they show
 * none of it (only whitespace). Markup cut in two by the choice is taken whole (see
 * `balanceMarkup`).
 */
export function sourceRange(
  source: string,
  map: Int32Array,
  from: number,
  to: number,
): PassageRange | null {
  let start = -1;
  let end = -1;
  for (let i = from; i < to; i++) {
    const at = map[i]!;
    if (at < 0) continue;
    if (start < 0) start = at;
    end = at + 1;
  }
  if (start < 0) return null;
  // Never half an emoji.
  if (end < source.length && /[\udc00-\udfff]/.test(source[end]!)) end++;
  return balanceMarkup(source, { start, end });
}

/** The rest of a link from inside its words: "…](address "title")". */
const LINK_REST = /^[^\]\n]*\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"]*")?\)/;

/** Inline markers that open and close: a passage must hold both or neither. */
const MARKERS = ["`", "*", "_", "~"];

/**
 * Widens a range so that it does not split inline markup: "October** is" (chosen from the
 * bold "October" on) takes the "**" before it, and a link's words take its address. A
 * rewritten passage then replaces whole markup, never half of a pair.
 */
export function balanceMarkup(source: string, range: PassageRange): PassageRange {
  let { start, end } = range;
  for (const marker of MARKERS) {
    if (runsOf(source.slice(start, end), marker).length % 2 === 0) continue;
    // Within the line: an odd number of runs before the passage means it starts inside a
    // span, whose opening run it takes; otherwise it opens one, whose closing run it takes.
    const lineStart = source.lastIndexOf("\n", start - 1) + 1;
    const lineEnd = source.indexOf("\n", end) < 0 ? source.length : source.indexOf("\n", end);
    const before = runsOf(source.slice(lineStart, start), marker);
    if (before.length % 2 === 1) {
      start = lineStart + before.at(-1)!.index;
    } else {
      const after = runsOf(source.slice(end, lineEnd), marker)[0];
      if (after) end += after.index + after.length;
    }
  }
  // A link cut in two: its words without their address, or its address without its "[".
  const chosen = source.slice(start, end);
  const open = chosen.lastIndexOf("[");
  if (open >= 0 && !chosen.includes("]", open)) {
    end += LINK_REST.exec(source.slice(end))?.[0].length ?? 0;
  }
  const close = chosen.indexOf("]");
  if (close >= 0 && !chosen.slice(0, close).includes("[")) {
    const opening = source.lastIndexOf("[", start);
    if (opening >= 0 && !source.slice(opening, start).includes("\n")) start = opening;
  }
  return { start, end };
}

/** The runs of one marker in a text ("**" is one run of "*"), where each starts. */
function runsOf(text: string, marker: string): { index: number; length: number }[] {
  const runs: { index: number; length: number }[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== marker) continue;
    let length = 1;
    while (text[i + length] === marker) length++;
    runs.push({ index: i, length });
    i += length - 1;
  }
  return runs;
}

/**
 * The rendered characters `[from, to)` that show `range` of the source: the first and the
 * last shown character inside it (null when none shows, e.g. an empty range).
 */
export function renderedRange(
  map: Int32Array,
  range: PassageRange,
): { from: number; to: number } | null {
  let from = -1;
  let to = -1;
  for (let i = 0; i < map.length; i++) {
    const at = map[i]!;
    if (at < range.start || at >= range.end) continue;
    if (from < 0) from = i;
    to = i + 1;
  }
  return from < 0 ? null : { from, to };
}
