import type { Token } from "node-llama-cpp";
import type { LoadedModel, Slot } from "./model.ts";

/**
 * Of two sequences that share about as much with a text's prompt, within this many tokens
 * (a few words), the one used least recently is taken: it keeps the newer text for a change.
 */
const SHARE_SLACK = 16;

/**
 * A free sequence for a text, marked busy before anything is awaited (two texts that start
 * in the same turn of the event loop never share one), the prompt it reads there, and how
 * many of its tokens the sequence already holds. The queue lets no more texts run than there
 * are sequences, so one is free. `tokensFor` gives the prompt for a sequence: a change of a
 * text is spelled as the sequence that wrote the text holds it (`answerAsHeld`).
 *
 * A sequence whose last prompt the text's prompt starts with (a change of the text it wrote,
 * the same request again, or no text since load) holds nothing the text would lose: of
 * those, the one that shares most. Otherwise the text takes a sequence that holds another
 * text, and loses that text's words: of those that share about the most (SHARE_SLACK), the
 * one used least recently, so that a text just written stays for its changes.
 */
export function takeSlot(
  slots: Slot[],
  tokensFor: (slot: Slot) => Token[],
): { slot: Slot; tokens: Token[]; shared: number } {
  const free = slots
    .filter((slot) => !slot.busy)
    .map((slot) => {
      const tokens = tokensFor(slot);
      const shared = slot.sequence.compareContextTokens(tokens).firstDifferentIndex;
      return { slot, tokens, shared };
    });
  if (free.length === 0) throw new Error("no free sequence");
  const most = (a: (typeof free)[number], b: (typeof free)[number]) =>
    b.shared > a.shared ? b : a;
  const continuing = free.filter(({ slot, shared }) => shared >= slot.promptLength);
  let best: (typeof free)[number];
  if (continuing.length > 0) best = continuing.reduce(most);
  else {
    const longest = free.reduce(most).shared;
    best = free
      .filter(({ shared }) => shared >= longest - SHARE_SLACK)
      .reduce((a, b) => (b.slot.usedAt < a.slot.usedAt ? b : a));
  }
  best.slot.busy = true;
  best.slot.usedAt = performance.now();
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
