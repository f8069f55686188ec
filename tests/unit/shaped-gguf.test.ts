import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Llama } from "node-llama-cpp";
import { MODEL_CATALOGUE } from "#server/generation/writers/local/catalogue.ts";
import type { Json } from "../support/json.ts";
import { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } from "../support/shaped-gguf.ts";
import { MODEL_TEST_TIMEOUT_MS } from "../support/wait.ts";

/**
 * Issue 26: the bench writes random-weight models of the catalogue's exact shapes instead of
 * downloading them; here the same writer at toy size must give files llama.cpp loads, with
 * the architecture and head layout asked for, and that write text.
 */
let dir: string;
let llama: Llama;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "shaped-gguf-"));
  const { getLlama } = await import("node-llama-cpp");
  llama = await getLlama({ build: "never", gpu: false, maxThreads: 1 });
}, MODEL_TEST_TIMEOUT_MS);

afterAll(async () => {
  await llama?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("shape-alike GGUF files", { timeout: MODEL_TEST_TIMEOUT_MS }, () => {
  it("has a shape for every catalogue model", () => {
    expect(Object.keys(CATALOGUE_SHAPES).sort()).toEqual(Object.keys(MODEL_CATALOGUE).sort());
  });

  for (const [name, shape] of Object.entries(CATALOGUE_SHAPES)) {
    it(`writes ${name}'s architecture in a file node-llama-cpp loads and writes with`, async () => {
      const path = join(dir, `${name}.gguf`);
      const tiny = tinyShape(shape);
      await writeShapedGguf(path, tiny);
      const model = await llama.loadModel({ modelPath: path });
      try {
        const metadata = model.fileInfo.metadata as Json;
        expect(metadata.general.architecture).toBe(shape.architecture);
        expect(metadata[shape.architecture].attention.head_count).toBe(shape.heads);
        expect(metadata[shape.architecture].attention.head_count_kv).toBe(shape.kvHeads);
        expect(model.fileInsights.totalLayers).toBeGreaterThanOrEqual(tiny.blocks);
        // Our instructions are words of its vocabulary, not bytes.
        const words = "You are a professional writer and editor.";
        expect(model.tokenize(words).length).toBeLessThan(words.length / 3);
        const context = await model.createContext({ contextSize: 512 });
        const tokens: number[] = [];
        for await (const token of context.getSequence().evaluate(model.tokenize(words))) {
          tokens.push(token);
          if (tokens.length === 8) break;
        }
        expect(tokens).toHaveLength(8);
        await context.dispose();
      } finally {
        await model.dispose();
      }
    });
  }
});
