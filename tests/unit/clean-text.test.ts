import { describe, expect, it } from "vitest";
import { cleanWrittenText } from "#server/generation/writers/fallback.ts";

describe("cleanWrittenText", () => {
  it("keeps words, new lines, tabs and characters outside the BMP", () => {
    const text = "# Title\n\n- one\tтри\n- عربي 中文 हिन्दी 😀 \u200D e\u0301";
    expect(cleanWrittenText(text)).toBe(text);
  });

  it.each([
    ["NUL", "a\u0000b", "ab"],
    ["a bell", "a\u0007b", "ab"],
    ["an escape sequence's ESC", "a\u001b[31mb", "a[31mb"],
    ["a vertical tab and a form feed", "a\u000b\u000cb", "ab"],
    ["DEL", "a\u007fb", "ab"],
    ["C1 controls", "a\u0080\u0085\u009fb", "ab"],
    ["a lone high surrogate", "a\ud83db", "ab"],
    ["a lone low surrogate", "a\ude00b", "ab"],
    ["surrogates in the wrong order", "a\ude00\ud83db", "ab"],
  ])("removes %s", (_, text, cleaned) => {
    expect(cleanWrittenText(text)).toBe(cleaned);
  });

  it("turns CRLF into LF, even when a piece ends between the two", () => {
    expect(cleanWrittenText("one\r\ntwo")).toBe("one\ntwo");
    expect(cleanWrittenText("one\r") + cleanWrittenText("\ntwo")).toBe("one\ntwo");
  });

  it("leaves a text of control characters empty", () => {
    expect(cleanWrittenText("\u0000\u0007\r")).toBe("");
  });
});
