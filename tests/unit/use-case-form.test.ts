import { describe, expect, it } from "vitest";
import { messages } from "#i18n/messages.ts";
import { describeFieldFailures } from "#i18n/wording.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import {
  checkUseCaseFields,
  fieldProblemsOf,
  filledFieldValues,
} from "#generator/form/use-case-values.ts";
import { findUseCases } from "#generator/form/use-case-search.ts";

await messages.load();

function useCase(
  slug: string,
  category: UseCaseForForm["category"],
  en: string,
  tr: string,
): UseCaseForForm {
  return {
    slug,
    category,
    name: { en, tr },
    summary: { en: `${en}, in a few lines.`, tr: `${tr}, birkaç satırda.` },
    contentType: "email",
    tone: "standard",
    length: "short",
    opensOnChanges: false,
    fields: [
      {
        id: "recipient",
        label: { en: "To", tr: "Kime" },
        hint: { en: "Who", tr: "Kim" },
        kind: "line",
        required: true,
        maxLength: 10,
      },
      {
        id: "ask",
        label: { en: "Ask", tr: "İstek" },
        hint: { en: "What", tr: "Ne" },
        kind: "choice",
        required: false,
        options: [
          { value: "call", label: { en: "A call", tr: "Görüşme" } },
          { value: "demo", label: { en: "A demo", tr: "Demo" } },
        ],
      },
      {
        id: "notes",
        label: { en: "Notes", tr: "Notlar" },
        hint: { en: "More", tr: "Daha" },
        kind: "paragraph",
        required: false,
      },
    ],
  };
}

const COLD = useCase(
  "cold-outreach-email",
  "email",
  "Cold outreach email",
  "Soğuk tanışma e-postası",
);
const LIST = [
  useCase("wedding-toast", "personal", "Wedding toast", "Düğün konuşması"),
  COLD,
  useCase("apology-email", "email", "Apology email", "Özür e-postası"),
  useCase("linkedin-post", "marketing", "LinkedIn post", "LinkedIn gönderisi"),
];

describe("the use-case picker's words", () => {
  // Their Turkish has every English key and placeholder: tests/unit/catalogs.test.ts.

  it("follow the chosen language", () => {
    expect(useCaseWords.translate("turkish", "useCase.count.other", { count: 1000 })).toBe(
      "1.000 kullanım alanı",
    );
    expect(useCaseWords.translate("german", "useCase.search")).toBe("Search use cases");
  });
});

describe("finding a use case", () => {
  const slugs = (query: string, language = "english") =>
    findUseCases(LIST, query, language).map((group) => [
      group.category,
      group.useCases.map((found) => found.slug),
    ]);

  it("lists every one by category, in the catalog's order, by name within each", () => {
    expect(slugs("")).toEqual([
      ["email", ["apology-email", "cold-outreach-email"]],
      ["marketing", ["linkedin-post"]],
      ["personal", ["wedding-toast"]],
    ]);
  });

  it("finds one by part of its name, whatever the case, every word typed", () => {
    expect(slugs("OUTRE")).toEqual([["email", ["cold-outreach-email"]]]);
    expect(slugs("email cold")).toEqual([["email", ["cold-outreach-email"]]]);
    expect(slugs("email toast")).toEqual([]);
  });

  it("reads the summary in the interface's language and names in both", () => {
    expect(slugs("few lines").length).toBe(3);
    expect(slugs("satırda", "turkish").length).toBe(3);
    expect(slugs("few lines", "turkish")).toEqual([]);
    expect(slugs("toast", "turkish")).toEqual([["personal", ["wedding-toast"]]]);
  });

  it("matches Turkish letters typed without their marks, and Turkish capitals", () => {
    expect(slugs("soguk", "turkish")).toEqual([["email", ["cold-outreach-email"]]]);
    expect(slugs("DÜĞÜN", "turkish")).toEqual([["personal", ["wedding-toast"]]]);
  });
});

describe("checking a use case's fields before sending", () => {
  it("names a missing required field, an over-long one and an unknown option", () => {
    expect(fieldProblemsOf(COLD, {})).toEqual({ recipient: "useCaseFieldMissing" });
    expect(fieldProblemsOf(COLD, { recipient: "   " })).toEqual({
      recipient: "useCaseFieldMissing",
    });
    expect(fieldProblemsOf(COLD, { recipient: "x".repeat(11), ask: "lunch" })).toEqual({
      recipient: "useCaseFieldTooLong",
      ask: "useCaseOptionUnknown",
    });
    expect(fieldProblemsOf(COLD, { recipient: ` ${"x".repeat(10)} `, ask: "call" })).toEqual({});
  });

  it("sends the filled-in fields trimmed, the empty ones left out", () => {
    expect(
      filledFieldValues(COLD, { recipient: " Dana ", ask: "", notes: "\n", other: "x" }),
    ).toEqual({ recipient: "Dana" });
  });

  it("words each refusal as the server does, in the interface's language", () => {
    expect(checkUseCaseFields(COLD, {}, "english")).toEqual({
      refused: { recipient: "Please fill in this field." },
    });
    expect(checkUseCaseFields(COLD, {}, "turkish")).toEqual({
      refused: { recipient: "Lütfen bu alanı doldurun." },
    });
    expect(checkUseCaseFields(COLD, { recipient: "Dana", ask: "demo" }, "english")).toEqual({
      request: { useCase: "cold-outreach-email", fields: { recipient: "Dana", ask: "demo" } },
    });
  });

  const TOOL: UseCaseForForm = {
    ...COLD,
    slug: "fix-grammar",
    category: "tools",
    fields: [
      {
        id: "text",
        label: { en: "Your text", tr: "Metniniz" },
        hint: { en: "Paste it", tr: "Yapıştırın" },
        kind: "text",
        required: true,
      },
    ],
  };

  it("takes a tool's text up to 6,000 characters and refuses one past it", () => {
    expect(fieldProblemsOf(TOOL, { text: "a".repeat(6000) })).toEqual({});
    expect(fieldProblemsOf(TOOL, { text: `\n${"a".repeat(6000)}\n` })).toEqual({});
    expect(fieldProblemsOf(TOOL, { text: "a".repeat(6001) })).toEqual({ text: "ownTextTooLong" });
    expect(checkUseCaseFields(TOOL, { text: "a".repeat(6001) }, "turkish")).toEqual({
      refused: { text: "Lütfen metninizi 6.000 karakterle (yaklaşık 1.000 kelime) sınırlı tutun." },
    });
  });

  it("words the server's refusal of a tool's text at its field", () => {
    const answer = {
      fieldErrors: { "fields.text": ["Your text has 6,001 characters; the most is 6,000."] },
      fieldReasons: { "fields.text": ["ownTextTooLong" as const] },
    };
    expect(describeFieldFailures("english", answer)).toEqual({
      "fields.text": "Please keep your text to 6,000 characters (about 1,000 words).",
    });
  });
});
