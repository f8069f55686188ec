import { describe, expect, it } from "vitest";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import type { DeskState, TextVersion } from "#generator/state/desk.ts";
import { $changesShown, changesBase, openOnChanges } from "#generator/state/changes-view.ts";

/** What "Show changes" compares a version with (issue 26). */

function version(id: string, text: string, extra: Partial<TextVersion> = {}): TextVersion {
  return {
    request: { content: "", language: "english", contentType: "email", tone: "standard" },
    generationId: id,
    subject: "",
    text,
    modelUsed: "e2e-writer",
    modelName: null,
    templateReason: null,
    ...extra,
  } as TextVersion;
}

const desk = (versions: TextVersion[]): DeskState => ({
  busy: false,
  versions,
  shown: versions.length - 1,
  writing: null,
  queuePosition: null,
  error: null,
  errorAction: "retry",
});

const FIX_GRAMMAR = {
  slug: "fix-grammar",
  category: "tools",
  opensOnChanges: true,
  fields: [{ id: "text", kind: "text", required: true }],
} as unknown as UseCaseForForm;

const PARENT = "00000000-0000-4000-8000-000000000001";

describe("changesBase", () => {
  it("compares a refinement, whole or a passage, with its parent version", () => {
    const parent = version(PARENT, "Teh first text.");
    const passage = version("p2", "The first text.", {
      request: {
        ...parent.request,
        refine: { parentId: PARENT, action: "grammar", passage: { start: 0, end: 3 } },
      },
    });
    expect(changesBase(desk([parent, passage]), passage, undefined)).toEqual({
      text: "Teh first text.",
      from: "parent",
      parentIndex: 0,
    });
  });

  it("compares a text tool's result with the text it was given", () => {
    const result = version("t1", "The note.", {
      request: {
        content: "",
        language: "english",
        contentType: "article",
        tone: "standard",
        useCase: "fix-grammar",
        fields: { text: "Teh note." },
      },
    });
    expect(changesBase(desk([result]), result, FIX_GRAMMAR)).toEqual({
      text: "Teh note.",
      from: "input",
      parentIndex: null,
    });
  });

  it("has nothing to compare a first text, an edited one or a lost parent with", () => {
    const first = version(PARENT, "A text.");
    expect(changesBase(desk([first]), first, undefined)).toBeNull();
    const edited = version("e1", "A text, edited.", { edited: true });
    expect(changesBase(desk([first, edited]), edited, undefined)).toBeNull();
    const orphan = version("o1", "Shorter.", {
      request: { ...first.request, refine: { parentId: PARENT, action: "shorter" } },
    });
    expect(changesBase(desk([orphan]), orphan, undefined)).toBeNull();
  });

  it("opens Fix grammar's result on its changes once: closed, it stays closed", () => {
    const result = version("t2", "The note.", {
      request: {
        content: "",
        language: "english",
        contentType: "article",
        tone: "standard",
        useCase: "fix-grammar",
        fields: { text: "Teh note." },
      },
    });
    const base = changesBase(desk([result]), result, FIX_GRAMMAR);
    openOnChanges(result, base, FIX_GRAMMAR);
    expect($changesShown.get()).toBe("t2");
    $changesShown.set(null);
    openOnChanges(result, base, FIX_GRAMMAR);
    expect($changesShown.get()).toBeNull();
    // A tool that does not open on its changes leaves the text shown.
    const paraphrased = version("t3", "A note.", { request: result.request });
    openOnChanges(paraphrased, base, { ...FIX_GRAMMAR, opensOnChanges: false });
    expect($changesShown.get()).toBeNull();
  });
});
