import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#client/markdown.ts";
import {
  alignRendered,
  balanceMarkup,
  renderedRange,
  sourceRange,
} from "#generator/lib/passage-map.ts";

/** What the browser's text nodes hold for a rendered text: the HTML without its tags. */
function shownText(markdown: string): string {
  return renderMarkdown(markdown, { topHeading: 3 })
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The Markdown range a person chooses by selecting `words` on the page (its first match). */
function chosen(markdown: string, words: string, occurrence = 0) {
  const shown = shownText(markdown);
  let from = -1;
  for (let i = 0; i <= occurrence; i++) from = shown.indexOf(words, from + 1);
  expect(from, `"${words}" is shown`).toBeGreaterThanOrEqual(0);
  const map = alignRendered(markdown, shown);
  const range = sourceRange(markdown, map, from, from + words.length);
  return range && markdown.slice(range.start, range.end);
}

describe("a selection on the page is a range of the text's Markdown", () => {
  it("finds plain words inside headings, lists and paragraphs", () => {
    const text = "# Our plan\n\nWe meet on Friday.\n\n- Bring the notes\n- Book a room\n";
    expect(chosen(text, "Our plan")).toBe("Our plan");
    expect(chosen(text, "meet on Friday")).toBe("meet on Friday");
    expect(chosen(text, "Book a room")).toBe("Book a room");
  });

  it("spans blocks with the Markdown between them", () => {
    const text = "First paragraph ends.\n\nSecond starts here.";
    expect(chosen(text, "ends.\nSecond")).toBe("ends.\n\nSecond");
  });

  it("takes a bold word's markers when the choice cuts them in two", () => {
    const text = "See you in **October** at the office.";
    expect(chosen(text, "October")).toBe("October");
    expect(chosen(text, "October at")).toBe("**October** at");
    expect(chosen(text, "in October")).toBe("in **October**");
    expect(chosen(text, "ober at")).toBe("**October** at");
  });

  it("never matches a link's address, and takes the address with its words", () => {
    const text = "Read [our guide](https://example.com/a-guide) and the notes.";
    expect(chosen(text, "and the notes")).toBe("and the notes");
    expect(chosen(text, "guide and")).toBe("[our guide](https://example.com/a-guide) and");
    expect(chosen(text, "Read our")).toBe("Read [our guide](https://example.com/a-guide)");
  });

  it("skips a table's rule row and finds words in its cells", () => {
    const text = "| Item | Price |\n| --- | --- |\n| Tea | 3-4 |\n";
    expect(chosen(text, "3-4")).toBe("3-4");
    expect(chosen(text, "Tea")).toBe("Tea");
  });

  it("maps a repeated word to the occurrence that was selected", () => {
    const text = "Thanks for the call.\n\nThanks again, and see you soon.";
    const range = (() => {
      const shown = shownText(text);
      const from = shown.lastIndexOf("Thanks");
      return sourceRange(text, alignRendered(text, shown), from, from + 6);
    })();
    expect(range).toEqual({
      start: text.lastIndexOf("Thanks"),
      end: text.lastIndexOf("Thanks") + 6,
    });
  });

  it("never ends inside an emoji", () => {
    const text = "Party time 🎉 tonight";
    expect(chosen(text, "time 🎉")).toBe("time 🎉");
  });

  it("gives no range for whitespace alone", () => {
    const text = "One.\n\nTwo.";
    const shown = shownText(text);
    const gap = shown.indexOf("\n");
    expect(sourceRange(text, alignRendered(text, shown), gap, gap + 1)).toBeNull();
  });
});

describe("a range of the Markdown is a stretch of the page", () => {
  it("marks exactly the new passage's shown characters", () => {
    const text = "Hello **dear** team,\n\nThe new passage is here. The rest stays.";
    const shown = shownText(text);
    const start = text.indexOf("The new");
    const range = renderedRange(alignRendered(text, shown), { start, end: start + 23 });
    expect(range && shown.slice(range.from, range.to)).toBe("The new passage is here");
  });
});

describe("balanceMarkup", () => {
  it("leaves balanced markup alone", () => {
    const text = "a *b* c `d` e";
    expect(balanceMarkup(text, { start: 0, end: text.length })).toEqual({
      start: 0,
      end: text.length,
    });
  });

  it("takes a code span's closing tick", () => {
    const text = "run `npm test` now";
    const start = text.indexOf("`npm");
    expect(text.slice(...Object.values(balanceMarkup(text, { start, end: start + 5 })))).toBe(
      "`npm test`",
    );
  });
});
