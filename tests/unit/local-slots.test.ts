import { describe, expect, it } from "vitest";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import type { Slot } from "#server/generation/writers/local/model.ts";
import { takeSlot } from "#server/generation/writers/local/slots.ts";

/**
 * Which of the local writer's sequences a text takes (decision 069, issue 26): the one that
 * holds most of its prompt, without losing a text just written that a change may follow.
 */

const tokens = (...parts: number[][]) => parts.flat() as Token[];
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** A sequence holding `held`, whose last text's prompt was its first `promptLength` tokens. */
function slot(held: Token[], promptLength: number, usedAt: number): Slot {
  const sequence = {
    compareContextTokens(prompt: Token[]) {
      let same = 0;
      while (same < held.length && same < prompt.length && held[same] === prompt[same]) same++;
      return { firstDifferentIndex: same };
    },
  } as unknown as LlamaContextSequence;
  return { sequence, busy: false, promptLength, usedAt };
}

const shared = range(1, 20);
const system = range(100, 60);

describe("the sequence a text takes", () => {
  it("is the one that wrote the text a change continues, however recent", () => {
    const text = range(1000, 400);
    const wrote = slot(tokens(shared, system, [7], text), 81, 30);
    const other = slot(tokens(shared, system, [8], range(2000, 400)), 81, 10);
    const change = tokens(shared, system, [7], text, range(3000, 50));
    const taken = takeSlot([other, wrote], () => change);
    expect(taken.slot).toBe(wrote);
    expect(taken.shared).toBe(481);
    expect(wrote.busy).toBe(true);
  });

  it("for a new text is the least recently used of those that share about as much", () => {
    const justWritten = slot(tokens(shared, system, [7, 1], range(1000, 400)), 82, 30);
    const older = slot(tokens(shared, system, [8, 2], range(2000, 400)), 82, 10);
    const fresh = tokens(shared, system, [7, 3], range(4000, 20));
    expect(takeSlot([justWritten, older], () => fresh).slot).toBe(older);
  });

  it("is one holding nothing the text would lose before one holding another text", () => {
    const loaded = slot(tokens(shared), shared.length, 0);
    const written = slot(tokens(shared, system, [7], range(1000, 400)), 81, 10);
    expect(takeSlot([written, loaded], () => tokens(shared, system, [9])).slot).toBe(loaded);
  });

  it("is the one that shares most when the others share far less, and never a busy one", () => {
    const close = slot(tokens(shared, system, [7], range(1000, 400)), 81, 30);
    const far = slot(tokens(shared, range(500, 60)), 80, 10);
    const busy = slot(tokens(shared, system), 80, 0);
    busy.busy = true;
    const taken = takeSlot([busy, far, close], () => tokens(shared, system, [9]));
    expect(taken.slot).toBe(close);
    expect(() => takeSlot([busy], () => tokens(shared))).toThrow("no free sequence");
  });
});
