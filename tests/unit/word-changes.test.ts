import { describe, expect, it } from "vitest";
import { changesOf, mergedText, wordChanges } from "#generator/lib/word-changes.ts";

/** "See what changed" (issue 26): a text against the one it came from, change by change. */

/** The changes as `removed → added`, in order. */
const shown = (original: string, result: string, locale?: string) =>
  changesOf(wordChanges(original, result, locale)).map(
    (change) => `${change.removed}→${change.added}`,
  );

/** `original` with only the changes whose indices are given made. */
const keeping = (original: string, result: string, accepted: number[], locale?: string) =>
  mergedText(wordChanges(original, result, locale), new Set(accepted));

/** Every subset of the changes merges to the original with exactly those made. */
function everySubset(original: string, result: string, locale?: string) {
  const pieces = wordChanges(original, result, locale);
  const count = changesOf(pieces).length;
  expect(mergedText(pieces, new Set())).toBe(original);
  expect(mergedText(pieces, new Set(changesOf(pieces).map((change) => change.index)))).toBe(result);
  return count;
}

describe("wordChanges", () => {
  it("finds each changed word, a replacement as one change", () => {
    expect(shown("Teh cat sit on the mat.", "The cat sat on the mat.")).toEqual([
      "Teh→The",
      "sit→sat",
    ]);
  });

  it("counts an insertion and a deletion as changes of their own", () => {
    expect(shown("We will meet on Friday.", "We will surely meet Friday.")).toEqual([
      "→surely ",
      "on →",
    ]);
  });

  it("finds nothing between equal texts", () => {
    expect(wordChanges("Same text.\n", "Same text.\n")).toEqual([
      { kind: "same", text: "Same text.\n" },
    ]);
  });

  it("numbers the changes in the order of the text", () => {
    const changes = changesOf(wordChanges("a b c d e", "a x c y e"));
    expect(changes.map((change) => change.index)).toEqual([0, 1]);
  });
});

describe("mergedText", () => {
  const original = "Teh cat sit on teh mat.";
  const result = "The cat sat on the mat.";

  it("makes exactly the accepted changes and keeps the rest as they were", () => {
    expect(keeping(original, result, [0, 2])).toBe("The cat sit on the mat.");
    expect(keeping(original, result, [1])).toBe("Teh cat sat on teh mat.");
  });

  it("gives the original back with none accepted and the result with all", () => {
    expect(keeping(original, result, [])).toBe(original);
    expect(keeping(original, result, [0, 1, 2])).toBe(result);
  });

  it("keeps whitespace and line breaks, a change in them included", () => {
    const before = "Dear Ana,\n\nThank  you for\tyour note.\r\nSee you soon.\n";
    const after = "Dear Ana,\n\nThank you for your kind note.\n\nSee you soon.";
    expect(everySubset(before, after)).toBeGreaterThan(0);
    // The double space is a change of its own: turned down, it stays.
    const pieces = wordChanges(before, after);
    const space = changesOf(pieces).find((change) => change.removed === "  ")!;
    const others = changesOf(pieces).filter((change) => change !== space);
    expect(mergedText(pieces, new Set(others.map((change) => change.index)))).toBe(
      "Dear Ana,\n\nThank  you for your kind note.\n\nSee you soon.",
    );
  });

  it("keeps Markdown: headings, emphasis, lists and links", () => {
    const before =
      "# Plan\n\nWe has a **bold** idea.\n\n- one\n- too\n\n[Read it](https://a.example)";
    const after =
      "# Plan\n\nWe have a **bold** idea.\n\n- one\n- two\n\n[Read it](https://a.example)";
    expect(shown(before, after)).toEqual(["has→have", "too→two"]);
    expect(keeping(before, after, [1])).toBe(
      "# Plan\n\nWe has a **bold** idea.\n\n- one\n- two\n\n[Read it](https://a.example)",
    );
  });

  it("keeps a change to the Markdown itself apart from the words around it", () => {
    const before = "A bold idea.";
    const after = "A **bold** idea!";
    expect(everySubset(before, after)).toBeGreaterThan(0);
    expect(keeping(before, after, [0]).startsWith("A **")).toBe(true);
  });

  it("works word by word on right-to-left text", () => {
    const before = "مرحبا بالعالم الجميل اليوم";
    const after = "مرحبا بالعالم الرائع اليوم";
    expect(everySubset(before, after, "ar")).toBe(1);
    expect(keeping(before, after, [0], "ar")).toBe(after);
    const hebrew = everySubset("שלום עולם יפה", "שלום עולם טוב", "he");
    expect(hebrew).toBe(1);
  });

  it("works on Chinese and Japanese, which have no spaces between words", () => {
    expect(everySubset("我喜欢吃苹果。我们明天去。", "我喜欢吃香蕉。我们后天去。", "zh")).toBe(2);
    expect(keeping("我喜欢吃苹果。我们明天去。", "我喜欢吃香蕉。我们后天去。", [1], "zh")).toBe(
      "我喜欢吃苹果。我们后天去。",
    );
    expect(everySubset("私は東京に行きます。", "私は大阪に行きました。", "ja")).toBeGreaterThan(0);
  });

  it("follows runs of spaces and hard-wrapped lines, never calling differing texts equal", () => {
    // Double spaces and a line break the fix made a space: pasted text as people paste it.
    const original = "foo   bar baz. a \nb";
    const result = "foo  baz. a b";
    expect(changesOf(wordChanges(original, result)).length).toBeGreaterThan(0);
    everySubset(original, result);
    everySubset("a \nb", "a b");
  });

  it("rebuilds both texts for every subset of changes on a longer text", () => {
    const before =
      "Thank you for you're message. I has reviewed the report and their are three issue.\n\n1. The date is wrong\n2. The totals dont add up\n";
    const after =
      "Thank you for your message. I have reviewed the report, and there are three issues.\n\n1. The date is wrong.\n2. The totals don't add up.\n";
    const pieces = wordChanges(before, after);
    const changes = changesOf(pieces);
    expect(changes.length).toBeGreaterThan(4);
    for (let mask = 0; mask < 2 ** changes.length; mask += 1) {
      const accepted = new Set(changes.filter((_, i) => mask & (1 << i)).map((c) => c.index));
      const merged = mergedText(pieces, accepted);
      for (const change of changes) {
        // Each change's own words are there exactly as chosen.
        const chosen = accepted.has(change.index) ? change.added : change.removed;
        expect(merged.includes(chosen)).toBe(true);
      }
    }
  });
});
