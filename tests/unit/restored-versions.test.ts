import { describe, expect, it } from "vitest";
import {
  deskOwner,
  memoryOf,
  parseMemory,
  restoredVersions,
} from "#generator/lib/restored-versions.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import type { DeskState, TextVersion } from "#generator/state/desk.ts";

function item(id: string, createdAt: string, extra: Partial<HistoryItem> = {}): HistoryItem {
  return {
    id,
    subject: `Subject ${id}`,
    content: "Ask the landlord to repair the heating",
    contentType: "email",
    language: "english",
    tone: "standard",
    length: null,
    createdAt,
    generatedContent: `Text ${id}`,
    preview: `Text ${id}`,
    modelUsed: "writer",
    parentId: null,
    refinement: null,
    variant: 1,
    useCase: null,
    fields: null,
    instruction: null,
    passage: null,
    stoppedWords: null,
    refinements: [],
    ...extra,
  };
}

const version = (generationId: string | null): TextVersion => ({
  request: { content: "x", language: "english", contentType: "email" },
  generationId,
  subject: "",
  text: "words",
  modelUsed: "writer",
  modelName: null,
  templateReason: null,
});

const desk = (patch: Partial<DeskState>): DeskState => ({
  busy: false,
  versions: [],
  shown: 0,
  writing: null,
  queuePosition: null,
  error: null,
  errorAction: "retry",
  ...patch,
});

describe("memoryOf", () => {
  it("remembers the versions' ids and the one shown, under whose they are", () => {
    const memory = memoryOf(desk({ versions: [version("a"), version("b")], shown: 0 }), "guest");
    expect(memory).toEqual({ who: "guest", ids: ["a", "b"], shown: "a" });
  });

  it("remembers a text being written, shown once the server has finished it", () => {
    const memory = memoryOf(
      desk({ busy: true, versions: [version("a")], writing: version("c") }),
      deskOwner({ id: "u1" }),
    );
    expect(memory).toEqual({ who: "user:u1", ids: ["a", "c"], shown: "c" });
  });

  it("remembers nothing while no text is kept", () => {
    expect(memoryOf(desk({}), "guest")).toBeNull();
    expect(memoryOf(desk({ busy: true, writing: version(null) }), "guest")).toBeNull();
  });
});

describe("parseMemory", () => {
  it("reads back what was written, and nothing of another shape", () => {
    const memory = { who: "user:u1", ids: ["a", "b"], shown: "b" };
    expect(parseMemory(JSON.stringify(memory))).toEqual(memory);
    for (const raw of [null, "", "{", "[]", '{"who":1,"ids":["a"]}', '{"who":"guest","ids":[]}']) {
      expect(parseMemory(raw), String(raw)).toBeNull();
    }
  });
});

describe("restoredVersions", () => {
  const root = item("r", "2026-11-28T10:00:00.000Z", {
    refinements: [
      item("s", "2026-11-28T10:02:00.000Z", { parentId: "r", refinement: "shorter" }),
      item("e", "2026-11-28T10:03:00.000Z", { parentId: "s", refinement: "edited" }),
    ],
  });
  const variant = item("v", "2026-11-28T10:01:00.000Z", { variant: 2 });
  const other = item("o", "2026-11-28T11:00:00.000Z");
  /** A list that carried every text: nothing is read apart. */
  const noRead = async (): Promise<string | null> => {
    throw new Error("nothing should be read apart");
  };

  it("gives a version listed without fields its text's (a tool's person's text)", async () => {
    const tool = item("t", "2026-11-28T12:00:00.000Z", {
      useCase: "fix-grammar",
      fields: { text: "Their going." },
      refinements: [
        item("f", "2026-11-28T12:01:00.000Z", {
          parentId: "t",
          refinement: "edited",
          useCase: "fix-grammar",
        }),
      ],
    });
    const restored = await restoredVersions(
      [tool],
      { who: "guest", ids: ["t", "f"], shown: "f" },
      noRead,
    );
    for (const version of restored!.versions) {
      expect(version.request.fields).toEqual({ text: "Their going." });
    }
  });

  it("gives the remembered versions in the order they were written, showing the one shown", async () => {
    const restored = await restoredVersions(
      [other, variant, root],
      { who: "guest", ids: ["r", "v", "s", "e"], shown: "s" },
      noRead,
    );
    expect(restored!.versions.map((v) => v.generationId)).toEqual(["r", "v", "s", "e"]);
    expect(restored!.shown).toBe(2);
    const [first, second, shorter, edited] = restored!.versions;
    expect(first).toMatchObject({ text: "Text r", subject: "Subject r", edited: false });
    expect(second!.request.variant).toBe(2);
    expect(shorter!.request.refine).toEqual({ parentId: "r", action: "shorter" });
    expect(edited).toMatchObject({ edited: true });
    expect(edited!.request.refine).toBeUndefined();
  });

  it("leaves out texts deleted since, and gives nothing when none is left", async () => {
    const memory = { who: "guest", ids: ["r", "gone"], shown: "gone" };
    const restored = await restoredVersions([root], memory, noRead);
    expect(restored!.versions.map((v) => v.generationId)).toEqual(["r"]);
    expect(restored!.shown).toBe(0);
    expect(
      await restoredVersions([other], { who: "guest", ids: ["gone"], shown: null }, noRead),
    ).toBeNull();
  });

  it("reads apart the texts the list left out, and leaves out one it cannot read", async () => {
    const long = item("l", "2026-11-28T10:04:00.000Z", { generatedContent: null });
    const lost = item("x", "2026-11-28T10:05:00.000Z", { generatedContent: null });
    const read: string[] = [];
    const restored = await restoredVersions(
      [root, long, lost],
      { who: "guest", ids: ["r", "l", "x"], shown: "l" },
      async ({ id }) => {
        read.push(id);
        return id === "l" ? "The long text, whole" : null;
      },
    );
    expect(read.sort()).toEqual(["l", "x"]);
    expect(restored!.versions.map((v) => [v.generationId, v.text])).toEqual([
      ["r", "Text r"],
      ["l", "The long text, whole"],
    ]);
    expect(restored!.shown).toBe(1);
  });
});
