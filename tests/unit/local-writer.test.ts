import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BatchItem, Token } from "node-llama-cpp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseConfig } from "#server/config.ts";
import { buildPrompt } from "#server/generation/prompts.ts";
import {
  everyTextEachStep,
  inSequenceOrder,
  runningTextsFirst,
} from "#server/generation/writers/local/queue.ts";
import { Handover, WaitsForHandover } from "#server/generation/writers/local/handover.ts";
import { LocalWriter } from "#server/generation/writers/local/writer.ts";
import { getLogger } from "#server/logger.ts";
import { metricsRegistry } from "#server/metrics.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } from "../support/shaped-gguf.ts";
import { MODEL_TEST_TIMEOUT_MS } from "../support/wait.ts";

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
}, MODEL_TEST_TIMEOUT_MS);

afterAll(async () => {
  await writer?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the local writer's sequences", { timeout: MODEL_TEST_TIMEOUT_MS }, () => {
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

/** The local writer's step counters (decision 069), as /metrics shows them. */
async function stepCounters(): Promise<{ steps: number; tokens: number; texts: number }> {
  const value = async (name: string) =>
    (await metricsRegistry.getSingleMetric(name)!.get()).values[0]?.value ?? 0;
  return {
    steps: await value("aitext_local_writer_steps_total"),
    tokens: await value("aitext_local_writer_step_tokens_total"),
    texts: await value("aitext_local_writer_step_texts_total"),
  };
}

describe("the local writer's steps", { timeout: MODEL_TEST_TIMEOUT_MS }, () => {
  const prompt = () =>
    buildPrompt(
      generationRequestSchema.parse({
        content: "A short note about keeping bees on a city balcony.",
        language: "english",
        contentType: "email",
        length: "short",
      }),
    );

  it("decodes one token of each of four texts started in one turn in every step", async () => {
    const before = await stepCounters();
    const tokens = [0, 0, 0, 0];
    await Promise.all(
      tokens.map((_, i) =>
        writer.write(prompt(), {
          maxTokens: 24,
          signal: new AbortController().signal,
          onText: () => tokens[i]!++,
        }),
      ),
    );
    const after = await stepCounters();
    const steps = after.steps - before.steps;
    // Every text wrote its budget, one token a step: 24 steps of four, none of three.
    expect(tokens.every((count) => count > 10)).toBe(true);
    expect(steps).toBeGreaterThanOrEqual(20);
    expect(after.texts - before.texts).toBe(after.tokens - before.tokens);
    expect((after.tokens - before.tokens) / steps).toBeGreaterThan(3.9);
  });

  // Decision 069: three visitors let in together, whose requests reach the model 100 ms
  // apart (their credits being reserved): the first waits for the others, so that no text
  // is held still while the others' prompts are read.
  it("starts texts let in together together", async () => {
    const places = [writer.join(), writer.join(), writer.join()];
    const events: string[] = [];
    const text = (name: string) =>
      writer.write(prompt(), {
        maxTokens: 8,
        signal: new AbortController().signal,
        onText: () => {
          if (!events.includes(`${name} writes`)) events.push(`${name} writes`);
        },
      });
    try {
      const first = text("first");
      // The others' requests are on their way: the tiny model writes a token in a few ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
      events.push("the others arrive");
      await Promise.all([first, text("second"), text("third")]);
    } finally {
      for (const place of places) place.leave();
    }
    expect(events[0]).toBe("the others arrive");
    expect(events).toHaveLength(4);
  });

  // Issue 23, item 2 (decision 069): the first text's sequence is cut back while the
  // others write, not when their wave ends.
  it("starts a text that was in line while the others still write", async () => {
    // Two sequences' worth of texts on four sequences: the fifth waits for the first
    // to end, and starts while the three others are still being written.
    const long = (signal: AbortSignal, onText: () => void) =>
      writer.write(prompt(), { maxTokens: 60, signal, onText });
    const counts = [0, 0, 0, 0];
    const first = writer.write(prompt(), {
      maxTokens: 4,
      signal: new AbortController().signal,
      onText: () => counts[0]!++,
    });
    const others = [1, 2, 3].map((i) => long(new AbortController().signal, () => counts[i]!++));
    await first;
    let fifthFirstAt: number[] | null = null;
    await writer.write(prompt(), {
      maxTokens: 4,
      signal: new AbortController().signal,
      onText: () => (fifthFirstAt ??= [...counts]),
    });
    await Promise.all(others);
    expect(fifthFirstAt).not.toBeNull();
    // The others had not finished (60 tokens each) when the fifth wrote its first word.
    expect(fifthFirstAt!.slice(1).every((count) => count < 50)).toBe(true);
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

  const onSequence = (index: number, tokens: number): BatchItem => ({
    ...item(tokens),
    evaluationPriority: inSequenceOrder(index, 8),
  });
  const writingOn = (...indexes: number[]) =>
    new Set(indexes.map((index) => inSequenceOrder(index, 8)));

  it("waits, a bounded number of turns, for every text at work to queue its token", () => {
    const steps: { tokens: number; writing: number }[] = [];
    const fill = everyTextEachStep(
      () => ({ started: 4, writing: writingOn(0, 1, 2, 3) }),
      (step) => steps.push(step),
    );
    const three = [0, 1, 2].map((index) => onSequence(index, 1));
    expect(fill({ items: three, size: 64 })).toEqual([]);
    const four = [...three, onSequence(3, 1)];
    expect(fill({ items: four, size: 64 })).toHaveLength(4);
    expect(steps).toEqual([{ tokens: 4, writing: 4 }]);
    // A text that never queues (gone, or waiting for something else) holds no step forever.
    let held = 0;
    while (fill({ items: three, size: 64 }).length === 0) held++;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(1_000);
    expect(steps.at(-1)).toEqual({ tokens: 3, writing: 4 });
  });

  // Issue 31: the fill counted a prompt's last token as a running text's, and was capped
  // at the writing texts, so a step that left a writing text out could read full.
  it("counts a step that leaves a writing text out as less than full", () => {
    const steps: { tokens: number; writing: number }[] = [];
    const fill = everyTextEachStep(
      () => ({ started: 3, writing: writingOn(0, 1) }),
      (step) => steps.push(step),
    );
    // Text 1 is late; a newcomer on sequence 2 has one prompt token left.
    const items = [onSequence(0, 1), onSequence(2, 1)];
    while (fill({ items, size: 64 }).length === 0);
    expect(steps).toEqual([{ tokens: 1, writing: 2 }]);
  });

  // Issue 31: a running text pauses for one slice of the newcomers' prompts, not for all.
  it("reads newcomers' prompts in slices beside the running texts", () => {
    const running = onSequence(0, 1);
    const newcomers = [1, 2, 3, 4, 5, 6, 7].map((index) => onSequence(index, 127));
    const batch = runningTextsFirst({ items: [...newcomers, running], size: 64 });
    expect(batch[0]).toEqual({ item: running, processAmount: 1 });
    expect(batch.reduce((sum, entry) => sum + entry.processAmount, 0)).toBeLessThanOrEqual(64);
    expect(batch).toHaveLength(8);
  });

  it("goes in the order of the texts' sequences, as llama.cpp decodes them together", () => {
    // Texts queue in the order their tokens were sampled; llama.cpp puts several
    // sequences in one micro-batch only while their ids rise one by one (decision 069).
    const queued = [5, 0, 7, 2, 6, 1, 3].map((index) => onSequence(index, 1));
    const reading = onSequence(4, 120);
    const batch = runningTextsFirst({ items: [reading, ...queued], size: 64 });
    const order = batch.map((entry) => [reading, ...queued].indexOf(entry.item));
    expect(order.map((i) => [4, 5, 0, 7, 2, 6, 1, 3][i])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(batch.find((entry) => entry.item === reading)?.processAmount).toBe(57);
    // The values stay within node-llama-cpp's range of priorities.
    for (let index = 0; index < 8; index++) {
      expect(inSequenceOrder(index, 8)).toBeGreaterThan(1);
      expect(inSequenceOrder(index, 8)).toBeLessThanOrEqual(5);
    }
  });

  it("reads prompts in proportion to what each has left, so that they end together", () => {
    const [short, long] = [item(2), item(200)];
    const first = runningTextsFirst({ items: [long, short], size: 64 });
    // 2 and 200 of 202 tokens left, in 64: the short one waits for a later step.
    expect(first.find((entry) => entry.item === long)?.processAmount).toBe(63);
    expect(first.find((entry) => entry.item === short)).toBeUndefined();
    // What is left fits: both end in the same step.
    const [rest, waiting] = [item(137), item(2)];
    const last = runningTextsFirst({ items: [rest, waiting], size: 64 * 3 });
    expect(last.map((entry) => entry.processAmount).sort((a, b) => a - b)).toEqual([2, 137]);
  });
});

describe("a handover of a sequence", () => {
  // Issue 31: holding the writing texts while prompts are read stood them still until every
  // prompt was read, since the batch loop keeps the context's lock while decodes are queued.
  it("holds the writing texts at their next token, but not while prompts are being read", async () => {
    const handover = new Handover();
    let reading = true;
    const predictor = new WaitsForHandover(handover, () => reading);
    expect(predictor.predictTokens()).toEqual([]);
    const erased = Promise.withResolvers<void>();
    const cut = handover.cut(() => erased.promise);
    expect(predictor.predictTokens()).toEqual([]);
    reading = false;
    const held = predictor.predictTokens();
    expect(held).toBeInstanceOf(Promise);
    erased.resolve();
    await cut;
    await expect(held).resolves.toEqual([]);
    expect(predictor.predictTokens()).toEqual([]);
  });
});
