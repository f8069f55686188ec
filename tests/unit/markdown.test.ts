import { describe, expect, it } from "vitest";
import { fileNameFor } from "#client/download.ts";
import { renderMarkdown } from "#client/markdown.ts";
import { settledLength } from "#components/ui/RenderedText.tsx";

describe("renderMarkdown", () => {
  it("renders headings, lists and emphasis", () => {
    expect(renderMarkdown("# Title\n\n- one\n- **two**")).toBe(
      "<h1>Title</h1>\n<ul>\n<li>one</li>\n<li><strong>two</strong></li>\n</ul>",
    );
  });

  it("moves headings down under a page's own, never skipping a level, to <h6> at most", () => {
    expect(renderMarkdown("# Title\n\n## Part\n\n#### Detail", { topHeading: 3 })).toBe(
      "<h3>Title</h3>\n<h4>Part</h4>\n<h5>Detail</h5>",
    );
    expect(renderMarkdown("### A\n\n###### B\n\n# C", { topHeading: 3 })).toBe(
      "<h3>A</h3>\n<h4>B</h4>\n<h3>C</h3>",
    );
    expect(renderMarkdown("# 1\n\n## 2\n\n### 3\n\n#### 4\n\n##### 5", { topHeading: 3 })).toBe(
      "<h3>1</h3>\n<h4>2</h4>\n<h5>3</h5>\n<h6>4</h6>\n<h6>5</h6>",
    );
  });

  it("keeps a single line break as a line break, in any script", () => {
    expect(renderMarkdown("Best regards,\nMaria\nHead of Operations")).toBe(
      "<p>Best regards,<br />\nMaria<br />\nHead of Operations</p>",
    );
    expect(renderMarkdown("مع أطيب التحيات،\nمريم")).toBe("<p>مع أطيب التحيات،<br />\nمريم</p>");
    // A Markdown hard break stays one break; code keeps its own newlines.
    expect(renderMarkdown("one  \ntwo")).toBe("<p>one<br />\ntwo</p>");
    expect(renderMarkdown("```\na\nb\n```")).toBe("<pre><code>a\nb\n</code></pre>");
  });

  it("shows raw HTML as text", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;");
  });

  it("keeps a link with an unsafe protocol as its words", () => {
    expect(renderMarkdown("[click](javascript:alert(1))")).toBe("<p>click</p>");
  });

  it("turns images into their alt text, so a text never loads anything", () => {
    expect(renderMarkdown("![a chart](https://tracker.example/p.gif?id=1)")).toBe("<p>a chart</p>");
  });
});

describe("fileNameFor", () => {
  it("keeps the combining marks of Hindi words", () => {
    expect(fileNameFor("हिन्दी में एक पत्र", "docx")).toBe("हिन्दी-में-एक-पत्र.docx");
  });
  it("keeps Arabic letters and joins words with dashes", () => {
    expect(fileNameFor("رسالة إلى جاري", "txt")).toBe("رسالة-إلى-جاري.txt");
  });
});

describe("settledLength (a streaming text's finished blocks)", () => {
  it("ends after the last blank line, outside code fences", () => {
    expect(settledLength("# Title\n\nFirst paragraph.\n\nSecond, still being")).toBe(26);
    expect(settledLength("| a | b |\n| - | - |\n| 1 | 2 |")).toBe(0);
    expect(settledLength("Intro.\n\n```\ncode\n\nmore code")).toBe(7);
    expect(settledLength("Intro.\n\n```\ncode\n\nmore\n```\n\nAfter")).toBe(27);
  });
});

describe("long lists on screen", () => {
  const list = Array.from({ length: 250 }, (_, i) => `${i + 1}. item ${i + 1}`).join("\n");
  const text = `# Items\n\n${list}\n\nThe end.`;

  it("come in chunks of 100 items that go on counting where the last stopped", () => {
    const html = renderMarkdown(text, { chunkLongLists: true });
    expect(html.match(/<ol[^>]*>/g)).toEqual(["<ol>", '<ol start="101">', '<ol start="201">']);
    expect(html.match(/class="rendered-chunk"/g)).toHaveLength(3);
    expect(html.match(/<li>/g)).toHaveLength(250);
    expect(html).toContain("<p>The end.</p>");
  });

  it("stay one list on the clipboard and in documents, and when they are short", () => {
    expect(renderMarkdown(text).match(/<ol[^>]*>/g)).toEqual(["<ol>"]);
    const short = "- a\n- b\n  - nested\n\n- c";
    expect(renderMarkdown(short, { chunkLongLists: true })).toBe(renderMarkdown(short));
  });

  it("count only their own items, not a nested list's", () => {
    const nested = Array.from({ length: 120 }, (_, i) => `- item ${i}\n  - sub ${i}`).join("\n");
    const html = renderMarkdown(nested, { chunkLongLists: true });
    expect(html.match(/class="rendered-chunk"/g)).toHaveLength(2);
    expect(html.match(/<li>/g)).toHaveLength(240);
  });
});
