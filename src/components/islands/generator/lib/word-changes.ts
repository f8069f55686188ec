import { diffWords, diffWordsWithSpace, type ChangeObject } from "diff";

/**
 * A text against the text it came from, word by word (issue 26, "See what changed"): the
 * stretches both share, and the changes between them. A change is what the newer text
 * removed and what it added in its place (a replacement is one change, not two), so that
 * each can be kept or turned down on its own. Loaded with the changes view, never with the
 * page: `diff` is not the home page's JavaScript.
 */
export interface WordChange {
  /** 0, 1, 2, … in the order of the text. */
  index: number;
  /** The older text's words here ("" for an insertion). */
  removed: string;
  /** The newer text's words here ("" for a deletion). */
  added: string;
}

export type ChangePiece = { kind: "same"; text: string } | { kind: "change"; change: WordChange };

/**
 * The pieces of `result` against `original`: joined with every change's `removed` they
 * give `original` back exactly, with every `added` `result`, whitespace, line breaks and
 * Markdown included. `locale` (a BCP 47 tag) splits words as that language does, where the
 * browser can (Chinese and Japanese have no spaces between words).
 */
export function wordChanges(original: string, result: string, locale?: string): ChangePiece[] {
  const segmenter = wordSegmenter(locale);
  const parts = diffWords(original, result, segmenter ? { intlSegmenter: segmenter } : {});
  const pieces = exactPieces(parts, original, result);
  if (pieces && rebuilds(pieces, original, result)) return pieces;
  // diffWords let a difference in whitespace through in a way the alignment could not
  // follow: the diff that counts whitespace as words is exact by construction.
  const spaced = exactPieces(diffWordsWithSpace(original, result), original, result);
  if (spaced && rebuilds(spaced, original, result)) return spaced;
  // Never "no changes" for two texts that differ: at worst, the whole text is one change.
  if (original === result) return original ? [{ kind: "same", text: original }] : [];
  return [{ kind: "change", change: { index: 0, removed: original, added: result } }];
}

/** The older text with exactly the changes in `accepted` (by index) made. */
export function mergedText(pieces: readonly ChangePiece[], accepted: ReadonlySet<number>): string {
  return pieces
    .map((piece) =>
      piece.kind === "same"
        ? piece.text
        : accepted.has(piece.change.index)
          ? piece.change.added
          : piece.change.removed,
    )
    .join("");
}

/** The changes among the pieces, in order. */
export function changesOf(pieces: readonly ChangePiece[]): WordChange[] {
  return pieces.flatMap((piece) => (piece.kind === "change" ? [piece.change] : []));
}

function wordSegmenter(locale: string | undefined): Intl.Segmenter | undefined {
  if (typeof Intl.Segmenter !== "function") return undefined;
  try {
    return new Intl.Segmenter(locale, { granularity: "word" });
  } catch {
    return new Intl.Segmenter(undefined, { granularity: "word" });
  }
}

function rebuilds(pieces: readonly ChangePiece[], original: string, result: string): boolean {
  const all = new Set(changesOf(pieces).map((change) => change.index));
  return mergedText(pieces, new Set()) === original && mergedText(pieces, all) === result;
}

/**
 * Walks the diff's parts along both texts, so that every piece is taken from the texts
 * themselves: a shared part of diffWords carries the newer text's whitespace, and where the
 * older text's differed, that difference becomes a change of its own. Null where a part
 * does not stand where it should.
 */
function exactPieces(
  parts: ChangeObject<string>[],
  original: string,
  result: string,
): ChangePiece[] | null {
  const pieces = new PieceList();
  let inOld = 0;
  let inNew = 0;
  for (const part of parts) {
    if (part.removed) {
      if (!original.startsWith(part.value, inOld)) return null;
      pieces.change(part.value, "");
      inOld += part.value.length;
    } else if (part.added) {
      if (!result.startsWith(part.value, inNew)) return null;
      pieces.change("", part.value);
      inNew += part.value.length;
    } else {
      for (const run of part.value.match(/\s+|\S+/gu) ?? []) {
        if (/\S/u.test(run)) {
          if (!original.startsWith(run, inOld) || !result.startsWith(run, inNew)) return null;
          pieces.same(run);
          inOld += run.length;
          inNew += run.length;
          continue;
        }
        if (original.startsWith(run, inOld) && result.startsWith(run, inNew)) {
          // The same whitespace on both sides: shared as it stands, never more of either.
          pieces.same(run);
          inOld += run.length;
          inNew += run.length;
          continue;
        }
        const oldSpace = /^\s*/u.exec(original.slice(inOld))![0];
        const newSpace = /^\s*/u.exec(result.slice(inNew))![0];
        if (oldSpace === newSpace) pieces.same(oldSpace);
        else pieces.change(oldSpace, newSpace);
        inOld += oldSpace.length;
        inNew += newSpace.length;
      }
    }
  }
  if (inOld !== original.length || inNew !== result.length) return null;
  return pieces.list;
}

/** Pieces as they are found: neighbouring changes become one, as do shared stretches. */
class PieceList {
  readonly list: ChangePiece[] = [];
  private count = 0;

  same(text: string): void {
    if (!text) return;
    const last = this.list.at(-1);
    if (last?.kind === "same") last.text += text;
    else this.list.push({ kind: "same", text });
  }

  change(removed: string, added: string): void {
    if (!removed && !added) return;
    const last = this.list.at(-1);
    if (last?.kind === "change") {
      last.change.removed += removed;
      last.change.added += added;
    } else {
      this.list.push({ kind: "change", change: { index: this.count++, removed, added } });
    }
  }
}
