import { describe, expect, it } from "vitest";
import { useCaseSchema, type Localized, type UseCase } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";

/**
 * Issue 26: the text tools (src/content/use-cases/, category `tools`) as the server and the
 * desk count on them: the slugs and choices of the contract, one `text` field each, and the
 * page's example of a person's text and what the tool made of it, in both languages.
 */
const useCases: UseCase[] = readUseCaseFiles().map(({ data }) => useCaseSchema.parse(data));
const tools = useCases.filter((useCase) => useCase.category === "tools");
const tool = (slug: string) => tools.find((useCase) => useCase.slug === slug);
const optionsOf = (slug: string, id: string) =>
  tool(slug)
    ?.fields.find((field) => field.id === id)
    ?.options?.map((option) => option.value);
/** A tool's first example's text: the person's text it rewrites. */
const exampleInput = (useCase: UseCase) => useCase.examples[0]!.fields.text as Localized;
const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

describe("the text tools", () => {
  it("are the eight of the contract, at least", () => {
    expect(tools.map((useCase) => useCase.slug)).toEqual(
      expect.arrayContaining([
        "paraphrase",
        "fix-grammar",
        "summarize",
        "change-tone",
        "translate",
        "plain-language",
        "make-longer",
        "bullets-to-prose",
      ]),
    );
  });

  it("offer the contract's choices: Paraphrase's modes and Summarize's forms", () => {
    expect(optionsOf("paraphrase", "mode")).toEqual([
      "standard",
      "fluent",
      "formal",
      "simple",
      "creative",
      "shorter",
      "longer",
    ]);
    expect(optionsOf("summarize", "form")).toEqual(["sentence", "paragraph", "keyPoints"]);
  });

  it("open Fix grammar's result on its changes, and no other tool's", () => {
    const opening = tools.filter((useCase) => useCase.opensOnChanges).map((u) => u.slug);
    expect(opening).toEqual(["fix-grammar"]);
  });

  it.each(tools.map((useCase) => [useCase.slug, useCase] as const))(
    "%s rewrites one required field `text`, named in its instructions",
    (_, useCase) => {
      const texts = useCase.fields.filter((field) => field.kind === "text");
      expect(texts.map((field) => [field.id, field.required])).toEqual([["text", true]]);
      expect(texts[0]!.label).toEqual({ en: "Your text", tr: "Metniniz" });
      expect(useCase.instructions).toContain("{text}");
      expect(useCase.instructions).toMatch(/Answer with the [a-z ]+ only\.$/);
    },
  );

  it.each(tools.map((useCase) => [useCase.slug, useCase] as const))(
    "%s shows a person's text of 60 to 200 words and what it made of it, in both languages",
    (_, useCase) => {
      for (const language of ["en", "tr"] as const) {
        const input = exampleInput(useCase)[language];
        expect(words(input).length, language).toBeGreaterThanOrEqual(60);
        expect(words(input).length, language).toBeLessThanOrEqual(200);
        expect(useCase.examples[0]!.text[language], language).not.toBe(input);
        for (const { question, answer } of useCase.faq) {
          expect(question[language].length).toBeGreaterThan(0);
          expect(answer[language].length).toBeGreaterThan(0);
        }
      }
      expect(exampleInput(useCase).tr).not.toBe(exampleInput(useCase).en);
    },
  );

  it("take the tone and the language from the request, where those are the point", () => {
    expect(tool("change-tone")?.instructions).toContain("in the tone given below");
    expect(tool("translate")?.instructions).toContain("into the language given below");
    // Only Translate writes in the chosen language; the others keep the text's own.
    const translating = tools.filter((useCase) => useCase.translates);
    expect(translating.map((useCase) => useCase.slug)).toEqual(["translate"]);
  });
});
