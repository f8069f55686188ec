import type { PassageRange } from "#shared/schemas/generation.ts";
import { alignRendered, renderedRange, sourceRange } from "./passage-map.ts";

/** A rendered text's characters, node by node, and where each stands in its Markdown. */
interface ShownCharacters {
  nodes: Text[];
  /** Where each node's characters begin among all of them. */
  starts: number[];
  map: Int32Array;
}

function shownCharacters(container: HTMLElement, source: string): ShownCharacters {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let rendered = "";
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(rendered.length);
    rendered += (node as Text).data;
  }
  return { nodes, starts, map: alignRendered(source, rendered) };
}

/**
 * The range of `source` (the text's Markdown) that a selection on its rendered page shows,
 * or null when the selection is outside it or holds only whitespace.
 */
export function selectedPassage(
  container: HTMLElement,
  selection: Range,
  source: string,
): PassageRange | null {
  if (!container.contains(selection.commonAncestorContainer)) return null;
  const { nodes, starts, map } = shownCharacters(container, source);
  let from = -1;
  let to = -1;
  nodes.forEach((node, i) => {
    if (!selection.intersectsNode(node)) return;
    const first = node === selection.startContainer ? selection.startOffset : 0;
    const last = node === selection.endContainer ? selection.endOffset : node.length;
    if (first >= last) return;
    if (from < 0) from = starts[i]! + first;
    to = starts[i]! + last;
  });
  return from < 0 ? null : sourceRange(source, map, from, to);
}

/** The stretch of the page that shows `passage` of its Markdown, for a highlight. */
export function shownRange(
  container: HTMLElement,
  source: string,
  passage: PassageRange,
): Range | null {
  const { nodes, starts, map } = shownCharacters(container, source);
  const shown = renderedRange(map, passage);
  if (!shown) return null;
  const at = (offset: number): [Text, number] => {
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > offset) i--;
    return [nodes[i]!, offset - starts[i]!];
  };
  const range = document.createRange();
  range.setStart(...at(shown.from));
  const [endNode, endOffset] = at(shown.to - 1);
  range.setEnd(endNode, endOffset + 1);
  return range;
}

/** The text's blocks a keyboard can choose one by one: paragraphs, items, headings, cells. */
export function passageBlocks(container: HTMLElement): HTMLElement[] {
  return [
    ...container.querySelectorAll<HTMLElement>("p, li, h1, h2, h3, h4, h5, h6, td, th, pre"),
  ].filter((block) => !block.querySelector("p, li") && block.textContent?.trim());
}

/** Marks a stretch of the page with a named CSS highlight (where the browser has them). */
export function markRange(name: string, range: Range | null): () => void {
  const highlights = typeof CSS !== "undefined" ? CSS.highlights : undefined;
  if (!highlights || typeof Highlight === "undefined") return () => {};
  if (range) highlights.set(name, new Highlight(range));
  else highlights.delete(name);
  return () => highlights.delete(name);
}
