import type { JSONContent } from "@tiptap/core";
import { describe, expect, it } from "vitest";
import { docToMarkdown, markdownToDoc } from "#generator/lib/editor-markdown.ts";

/** The rich editor's Markdown in and out (issue 20): what is saved must read as it showed. */

const roundTrip = (markdown: string) => docToMarkdown(markdownToDoc(markdown));

const paragraph = (...content: JSONContent[]): JSONContent => ({ type: "paragraph", content });
const text = (value: string, marks?: JSONContent["marks"]): JSONContent => ({
  type: "text",
  text: value,
  ...(marks ? { marks } : {}),
});
const doc = (...content: JSONContent[]): JSONContent => ({ type: "doc", content });

describe("markdownToDoc", () => {
  it("reads headings, emphasis, links, lists and tables as the page shows them", () => {
    const parsed = markdownToDoc(
      "# Title\n\nA **bold** and *italic* [link](https://example.com).\n\n- one\n- two\n\n| a | b |\n| --- | --- |\n| 1 | 2 |",
    );
    const [heading, words, list, table] = parsed.content!;
    expect(heading).toMatchObject({ type: "heading", attrs: { level: 1 } });
    expect(words!.content).toContainEqual(text("bold", [{ type: "bold" }]));
    expect(words!.content).toContainEqual(text("italic", [{ type: "italic" }]));
    expect(words!.content).toContainEqual(
      expect.objectContaining({
        text: "link",
        marks: [
          expect.objectContaining({
            type: "link",
            attrs: expect.objectContaining({ href: "https://example.com" }),
          }),
        ],
      }),
    );
    expect(list).toMatchObject({ type: "bulletList" });
    expect(list!.content).toHaveLength(2);
    expect(table).toMatchObject({ type: "table" });
    expect(table!.content![0]!.content![0]).toMatchObject({ type: "tableHeader" });
  });

  it("reads a single newline as a line break, as the page does", () => {
    expect(markdownToDoc("Best regards,\nMaria")).toEqual(
      doc(paragraph(text("Best regards,"), { type: "hardBreak" }, text("Maria"))),
    );
  });

  it("reads raw HTML as text, as the page shows it", () => {
    expect(markdownToDoc("Use <b>bold</b> here")).toEqual(
      doc(paragraph(text("Use <b>bold</b> here"))),
    );
  });

  it("shows no empty paragraphs for extra blank lines", () => {
    expect(markdownToDoc("One\n\n\n\nTwo")).toEqual(
      doc(paragraph(text("One")), paragraph(text("Two"))),
    );
  });
});

describe("docToMarkdown", () => {
  it.each([
    ["headings", "# Title\n\n## Part\n\n### Detail\n\nWords."],
    ["emphasis and code", "A **bold**, *italic*, ~~struck~~ and `co*de` word."],
    ["links", "See [the guide](https://example.com/guide) and [mail](mailto:me@example.com)."],
    ["bullet lists", "- one\n- two\n  - nested\n- three"],
    ["ordered lists", "1. first\n2. second\n3. third"],
    ["line breaks", "Best regards,\nMaria\nHead of Operations"],
    ["tables", "| Name  | Total |\n| ----- | ----- |\n| **A** | 1     |\n| B     | 2     |"],
    ["code blocks", "```js\nconst a = 1 * 2;\n```"],
    ["quotes and rules", "> A quote\n\n---\n\nAfter."],
  ])("gives back the Markdown of %s as written", (_, markdown) => {
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it("writes what the serializer would otherwise normalise in one way, stable from then on", () => {
    // Why an unchanged text is compared as the editor opened it, not as written again.
    const written = roundTrip("* one\n* two\n\n__strong__ _em_");
    expect(written).toBe("- one\n- two\n\n**strong** *em*");
    expect(roundTrip(written)).toBe(written);
  });

  it("writes &, < and > as they are: our renderer shows raw HTML as text", () => {
    expect(roundTrip("Tom & Jerry, a < b > c, <b>not bold</b>")).toBe(
      "Tom & Jerry, a < b > c, <b>not bold</b>",
    );
  });

  it("keeps bare web and mail addresses bare and whole", () => {
    const markdown = "Visit https://example.com/a_b_c, www.example.com or me@example.com.";
    expect(roundTrip(markdown)).toBe(markdown);
  });

  it("escapes a typed sentence that would start a block, and only then", () => {
    const typed = doc(
      paragraph(text("2024. A good year.")),
      paragraph(text("# not a heading")),
      paragraph(text("Line"), { type: "hardBreak" }, text("- not a list")),
      paragraph(text("#hashtag and 2024 are fine")),
    );
    const markdown = docToMarkdown(typed);
    expect(markdown).toBe(
      "2024\\. A good year.\n\n\\# not a heading\n\nLine\n\\- not a list\n\n#hashtag and 2024 are fine",
    );
    expect(markdownToDoc(markdown)).toEqual(typed);
  });

  it("leaves out empty paragraphs (Enter pressed twice)", () => {
    expect(
      docToMarkdown(doc(paragraph(text("One")), paragraph(), paragraph(), paragraph(text("Two")))),
    ).toBe("One\n\nTwo");
  });

  it("keeps a table cell on one line: a break or a second paragraph becomes a space", () => {
    const cell = (type: string, ...content: JSONContent[]): JSONContent => ({ type, content });
    const table: JSONContent = {
      type: "table",
      content: [
        { type: "tableRow", content: [cell("tableHeader", paragraph(text("Note")))] },
        {
          type: "tableRow",
          content: [
            cell(
              "tableCell",
              paragraph(text("one"), { type: "hardBreak" }, text("two")),
              paragraph(text("three")),
            ),
          ],
        },
      ],
    };
    expect(docToMarkdown(doc(table))).toBe(
      "| Note          |\n| ------------- |\n| one two three |",
    );
  });
});
