import type { Language } from "#shared/generation.ts";
import type { PassageRange, RefineRequest } from "#shared/schemas/generation.ts";
import { failure, fieldFailures } from "#server/errors.ts";

/**
 * A passage change (issue 43, decision 089): which part of the parent's text the writer's
 * answer replaces, and how that answer is shaped as it streams, so that the new text is
 * `parent.slice(0, start) + passage + parent.slice(end)`: the rest kept byte for byte by
 * construction, never by trusting the writer.
 */

/** The range of the parent's text a refinement replaces, and the passage the writer reads. */
export interface Splice {
  /** Replaced: `[start, end)` of the parent's text (start = end: `continue` inserts there). */
  start: number;
  end: number;
  /** The passage the person chose (for `continue`, the one to continue from; may be ""). */
  passage: string;
  /** `continue`: new text after the passage; otherwise the passage is rewritten. */
  continues: boolean;
}

const LEADING_SPACE = /^\s+/;
const TRAILING_SPACE = /\s+$/;

/**
 * Where a refinement's answer goes in its parent's text, or null for a whole-text one.
 * Throws a 400 `refine.passage` for a range outside the text, or for one that holds only
 * whitespace. The passage's own leading and trailing whitespace counts as the text around
 * it (a double-click selects "word "): it is kept, and the writer's answer replaces only
 * what lies between.
 */
export function spliceOf(refine: RefineRequest, text: string): Splice | null {
  const { passage, action } = refine;
  if (passage && passage.end > text.length) throw passageFailure("refinePassageOutside");
  // An offset inside a surrogate pair would cut an emoji in two, outside the passage too.
  if (passage && (splitsPair(text, passage.start) || splitsPair(text, passage.end))) {
    throw passageFailure("refinePassageInvalid");
  }
  if (action === "continue") {
    const chosen = passage ? text.slice(passage.start, passage.end) : "";
    // A double click selects "word ": the new words go after the word, before its space.
    const at = (passage?.end ?? text.length) - (chosen.match(TRAILING_SPACE)?.[0].length ?? 0);
    const from = passage ? text.slice(passage.start, at) : "";
    return { start: at, end: at, passage: from, continues: true };
  }
  if (!passage) return null;
  const chosen = text.slice(passage.start, passage.end);
  if (!chosen.trim()) throw passageFailure("refinePassageInvalid");
  const start = passage.start + (chosen.match(LEADING_SPACE)?.[0].length ?? 0);
  const end = passage.end - (chosen.match(TRAILING_SPACE)?.[0].length ?? 0);
  return { start, end, passage: text.slice(start, end), continues: false };
}

/** Whether offset `i` falls between the two halves of one UTF-16 surrogate pair. */
function splitsPair(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const high = text.charCodeAt(i - 1);
  const low = text.charCodeAt(i);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

function passageFailure(reason: "refinePassageOutside" | "refinePassageInvalid") {
  return failure("VALIDATION_ERROR", reason, fieldFailures({ "refine.passage": [reason] }));
}

/**
 * The most of the text on each side of a passage that the writer reads: the paragraphs
 * around it. The rest of a long text says little about the passage and costs the writer
 * its reading (issue 24: a sentence of a 60,000-character text sent 61 KB).
 */
export const PASSAGE_CONTEXT_CHARS = 2_000;

/**
 * Where a window may be cut, best first: a blank line between paragraphs, the space after
 * a sentence's end (or right after one in scripts written without spaces), a space.
 */
const BOUNDARIES = [/\n[ \t]*\n\s*/g, /(?<=[.!?…]["'”’»)\]]*)\s+|(?<=[。！？])/gu, /\s+/g];

/**
 * The text around a passage as the writer reads it (`before` up to `start`, `after` from
 * `end`): all of it, or at most PASSAGE_CONTEXT_CHARS a side, cut at the farthest boundary
 * that keeps at least half of that; only the passage is ever replaced (spliceText).
 */
export function passageContext(
  text: string,
  start: number,
  end: number,
): { before: string; after: string } {
  return { before: contextBefore(text, start), after: contextAfter(text, end) };
}

function contextBefore(text: string, at: number): string {
  const from = at - PASSAGE_CONTEXT_CHARS;
  if (from <= 0) return text.slice(0, at);
  const window = text.slice(from, at);
  for (const boundary of BOUNDARIES) {
    const first = window.matchAll(boundary).next().value;
    const cut = first && first.index + first[0].length;
    if (cut !== undefined && cut <= PASSAGE_CONTEXT_CHARS / 2) return window.slice(cut);
  }
  return text.slice(splitsPair(text, from) ? from + 1 : from, at);
}

function contextAfter(text: string, at: number): string {
  const to = at + PASSAGE_CONTEXT_CHARS;
  if (to >= text.length) return text.slice(at);
  const window = text.slice(at, to);
  for (const boundary of BOUNDARIES) {
    const last = [...window.matchAll(boundary)].at(-1);
    if (last && last.index >= PASSAGE_CONTEXT_CHARS / 2) return window.slice(0, last.index);
  }
  return text.slice(at, splitsPair(text, to) ? to - 1 : to);
}

/** The new text: the parent's text with the splice's range replaced by `written`. */
export function spliceText(parent: string, splice: PassageRange, written: string): string {
  return parent.slice(0, splice.start) + written + parent.slice(splice.end);
}

/** Languages written without spaces between words: a continuation needs no space added. */
const UNSPACED: ReadonlySet<Language> = new Set(["chinese"]);

/**
 * Shapes a passage's answer as it streams: whitespace the writer puts before a rewritten
 * passage is dropped (the passage's surroundings stay the parent's), and whitespace at its
 * end is held back until more text follows, so that what streamed is exactly what is kept.
 * A continuation keeps the writer's opening line breaks; one that would run into the word
 * it follows gets a space.
 */
export function passageShaper(splice: Splice, parentText: string, language: Language) {
  const before = parentText.slice(0, splice.start);
  let started = false;
  let held = "";
  let written = "";
  return {
    /** The part of a delta that goes out now ("" while it is only held whitespace). */
    shape(delta: string): string {
      let piece = delta;
      if (!started) {
        if (!splice.continues) piece = piece.replace(LEADING_SPACE, "");
        if (!piece.trim()) {
          // Only whitespace so far: a continuation's opening line breaks wait with the rest.
          if (splice.continues) held += piece;
          return "";
        }
        started = true;
        if (
          splice.continues &&
          !held &&
          !/^\s/.test(piece) &&
          /\S$/.test(before) &&
          !UNSPACED.has(language)
        ) {
          piece = ` ${piece}`;
        }
      }
      const trailing = piece.match(TRAILING_SPACE)?.[0] ?? "";
      if (trailing.length === piece.length) {
        held += piece;
        return "";
      }
      const out = held + piece.slice(0, piece.length - trailing.length);
      held = trailing;
      written += out;
      return out;
    },
    /** The writer started over (the next writer): nothing of the last one is kept. */
    reset() {
      started = false;
      held = "";
      written = "";
    },
    /** The whole new passage, as streamed. */
    get written(): string {
      return written;
    },
  };
}

export type PassageShaper = ReturnType<typeof passageShaper>;
