import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchItem, Token } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.ts";
import { buildPrompt } from "#server/generation/prompts.ts";
import { runningTextsFirst } from "#server/generation/writers/local/queue.ts";
import { LocalWriter } from "#server/generation/writers/local/writer.ts";
import { getLogger } from "#server/logger.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } from "../support/shaped-gguf.ts";

/**
 * Issue 26: texts that start in the same turn of the event loop (a queue letting several
 * in at once) are each written on a sequence of their own. Through HTTP the requests rarely
 * arrive that close together, so the writer is driven here directly.
 */
let dir: string;
let writer: LocalWriter;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "local-writer-"));
  const path = join(dir, "tiny.gguf");
  await writeShapedGguf(path, tinyShape(CATALOGUE_SHAPES["qwen2.5-0.5b"]!));
  writer = new LocalWriter(
    parseConfig({
      ...process.env,
      LOCAL_MODEL: path,
      LOCAL_MODEL_CONCURRENCY: "4",
      LOCAL_MODEL_THREADS: "1",
    }),
  );
  await writer.prepare();
  expect(writer.status.state).toBe("ready");
});

afterAll(async () => {
  await writer?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the local writer's sequences", () => {
  it("gives four texts started at once four different sequences", async () => {
    const info = vi.spyOn(getLogger(), "info");
    const prompt = buildPrompt(
      generationRequestSchema.parse({
        content: "A short note about keeping bees on a city balcony.",
        language: "english",
        contentType: "email",
        length: "short",
      }),
    );
    const pieces = [0, 0, 0, 0];
    await Promise.all(
      pieces.map((_, i) =>
        writer.write(prompt, {
          maxTokens: 8,
          signal: new AbortController().signal,
          onText: () => pieces[i]!++,
        }),
      ),
    );
    const sequences = info.mock.calls
      .filter(([, message]) => message === "local text written")
      .map(([fields]) => (fields as { sequence: number }).sequence);
    info.mockRestore();
    expect(pieces.every((count) => count > 0)).toBe(true);
    expect(sequences).toHaveLength(4);
    expect(new Set(sequences).size).toBe(4);
  });
});

describe("a batch of the local writer", () => {
  const item = (tokens: number): BatchItem => ({
    tokens: Array.from({ length: tokens }, (_, i) => i as Token),
    logits: [],
    evaluationPriority: 5,
  });

  it("carries the next token of every running text while newcomers' prompts are read", () => {
    // Seven newcomers' prompts queued before the one running text's next token.
    const prompts = [108, 108, 108, 108, 108, 108, 108].map(item);
    const running = item(1);
    const batch = runningTextsFirst({ items: [...prompts, running], size: 64 });
    expect(batch.find((entry) => entry.item === running)?.processAmount).toBe(1);
    expect(batch.reduce((sum, entry) => sum + entry.processAmount, 0)).toBeLessThanOrEqual(64);
    // The room left is shared: every prompt moves on.
    for (const prompt of prompts) {
      expect(batch.find((entry) => entry.item === prompt)?.processAmount).toBeGreaterThanOrEqual(9);
    }
  });

  it("gives a short prompt what it needs and the rest to the longer ones", () => {
    const [short, long] = [item(5), item(200)];
    const batch = runningTextsFirst({ items: [long, short], size: 64 });
    expect(batch.find((entry) => entry.item === short)?.processAmount).toBe(5);
    expect(batch.find((entry) => entry.item === long)?.processAmount).toBe(59);
  });
});
