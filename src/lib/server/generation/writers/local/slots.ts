import type { Token } from "node-llama-cpp";
import type { LoadedModel, Slot } from "./model.ts";

/**
 * A free sequence for a text, marked busy before anything is awaited (two texts that start
 * in the same turn of the event loop never share one): of the free ones, the one whose
 * tokens begin with most of the text's prompt, as llama-server picks a slot, and how many
 * they share. The queue lets no more texts run than there are sequences, so one is free.
 */
export function takeSlot(slots: Slot[], tokens: Token[]): { slot: Slot; shared: number } {
  let best: { slot: Slot; shared: number } | null = null;
  for (const slot of slots) {
    if (slot.busy) continue;
    const shared = slot.sequence.compareContextTokens(tokens).firstDifferentIndex;
    if (!best || shared > best.shared) best = { slot, shared };
  }
  if (!best) throw new Error("no free sequence");
  best.slot.busy = true;
  return best;
}

/**
 * Cuts the sequence back to the `shared` start it has in common with the prompt, and says
 * how many tokens it kept. At least two prompt tokens are left to read: a batch tells a
 * prompt from a running text's next token by its length (`runningTextsFirst`). The other
 * texts wait at their next token meanwhile (decision 069), so the cut never waits for
 * writing to pause. node-llama-cpp reads only the rest.
 */
export async function keepCommonStart(
  { sequence }: Slot,
  shared: number,
  tokens: Token[],
  { handover }: LoadedModel,
): Promise<number> {
  const kept = Math.min(shared, tokens.length - 2);
  if (kept < sequence.nextTokenIndex) {
    await handover.cut(() =>
      sequence.eraseContextTokenRanges([{ start: kept, end: sequence.nextTokenIndex }]),
    );
  }
  return kept;
}
