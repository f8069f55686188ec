import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "#client/markdown.ts";
import { wordDocument } from "#client/word-document.ts";
import { isLinkableAddress } from "#shared/links.ts";

describe("isLinkableAddress", () => {
  it.each([
    "https://example.com",
    "http://example.com/a?b=1&c=2#d",
    "HTTPS://EXAMPLE.COM/PATH",
    "https://xn--bcher-kva.example/",
    "https://example.com:8443/x%20y",
    "mailto:ana@example.com",
    "mailto:ana@example.com?subject=Hello",
  ])("links %s", (address) => {
    expect(isLinkableAddress(address)).toBe(true);
  });

  it.each([
    ["a protocol-relative address", "//evil.example/x"],
    ["a percent-encoded UNC path", "%5C%5Cevil.example%5Cshare"],
    ["a UNC path", "\\\\evil.example\\share"],
    ["a relative path", "/profile"],
    ["a bare word", "evil.example"],
    ["a fragment", "#top"],
    ["a query", "?x=1"],
    ["an empty address", ""],
    ["javascript:", "javascript:alert(1)"],
    ["javascript: in capitals", "JAVASCRIPT:alert(1)"],
    ["javascript: with a tab", "java\tscript:alert(1)"],
    ["vbscript:", "vbscript:msgbox(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["file:", "file:///etc/passwd"],
    ["file: to a share", "file://evil.example/share"],
    ["ftp:", "ftp://evil.example/x"],
    ["a scheme-only web address", "https:evil.example"],
    ["one slash", "https:/evil.example"],
    ["three slashes", "https:///evil.example"],
    ["backslashes after the scheme", "https:\\\\evil.example"],
    ["a backslash in the host", "https://good.example\\@evil.example"],
    ["a percent-encoded backslash host", "https://%5C%5Cevil.example"],
    ["an empty host", "https://"],
    ["credentials that hide the host", "https://bank.example@evil.example/login"],
    ["a leading space", " https://example.com"],
    ["a control character", "https://exa\u0000mple.com"],
    ["a right-to-left override", "https://example.com/\u202Egpj.exe"],
    ["a zero-width space", "https://exa\u200Bmple.com"],
    ["an empty mailto:", "mailto:"],
    ["mailto: with slashes", "mailto://evil.example"],
  ])("does not link %s", (_, address) => {
    expect(isLinkableAddress(address)).toBe(false);
  });
});

const HOSTILE_TEXT = [
  "# Links",
  "",
  "[protocol-relative](//evil.example/x)",
  "",
  "[share](%5C%5Cevil.example%5Cshare)",
  "",
  "[script](javascript:alert(1))",
  "",
  "[good](https://example.com)",
].join("\n");

describe("links in a rendered text", () => {
  it("keeps only absolute web and mail links, the others as their words", () => {
    expect(renderMarkdown(HOSTILE_TEXT)).toBe(
      [
        "<h1>Links</h1>",
        "<p>protocol-relative</p>",
        "<p>share</p>",
        "<p>script</p>",
        '<p><a target="_blank" rel="noopener noreferrer" href="https://example.com">good</a></p>',
      ].join("\n"),
    );
  });

  it("applies the rule to autolinks, references and link titles alike", () => {
    expect(
      renderMarkdown(
        '<https://a.example> www.b-example.com c@d.example [e][ref] [f](https://g.example?x=1&y=2 "a > b")\n\n[ref]: //evil.example',
      ),
    ).toBe(
      '<p><a target="_blank" rel="noopener noreferrer" href="https://a.example">https://a.example</a> <a target="_blank" rel="noopener noreferrer" href="http://www.b-example.com">www.b-example.com</a> <a target="_blank" rel="noopener noreferrer" href="mailto:c@d.example">c@d.example</a> e <a target="_blank" rel="noopener noreferrer" href="https://g.example?x=1&amp;y=2" title="a &gt; b">f</a></p>',
    );
  });
});

describe("links in a .docx", () => {
  it("makes a hyperlink of the good address only", async () => {
    const blob = await wordDocument(renderMarkdown(HOSTILE_TEXT), {
      title: "Links",
      language: "english",
    });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const documentXml = strFromU8(files["word/document.xml"]!);
    const relationships = strFromU8(files["word/_rels/document.xml.rels"]!);

    const targets = [...relationships.matchAll(/Target="([^"]*)"[^>]*TargetMode="External"/g)].map(
      (match) => match[1],
    );
    expect(targets).toEqual(["https://example.com"]);
    expect(documentXml.match(/<w:hyperlink\b/g)).toHaveLength(1);
    expect(documentXml).not.toMatch(/evil\.example|javascript/);
    for (const words of ["protocol-relative", "share", "script", "good"]) {
      expect(documentXml).toContain(`>${words}</w:t>`);
    }
  });
});
