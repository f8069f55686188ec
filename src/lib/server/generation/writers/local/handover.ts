import { TokenPredictor, type Token } from "node-llama-cpp";

/**
 * Cutting a sequence back for the next text while other texts are written (issue 23, item
 * 2; decision 069).
 *
 * Erasing a sequence's tokens needs the context's lock, and node-llama-cpp's batch loop
 * keeps that lock for as long as any text has a token queued, which, while others write,
 * is always: the next text waited for the whole wave. A handover closes the gate for a
 * moment: each writing text waits at its next token (in its sequence's token predictor,
 * the library's one awaited per-token hook, whose `predictTokens` may return a promise by
 * design), the loop finishes the step in hand and lets go, the erase runs, and the gate
 * opens. It predicts nothing: no speculative tokens.
 */
export class Handover {
  #gate: Promise<void> | null = null;

  /** Runs `cut` with the writing texts held at their next token; one cut at a time. */
  cut(cut: () => Promise<void>): Promise<void> {
    const previous = this.#gate ?? Promise.resolve();
    const gate = previous.then(cut);
    const open = gate.then(
      () => {},
      () => {},
    );
    this.#gate = open;
    void open.then(() => {
      if (this.#gate === open) this.#gate = null;
    });
    return gate;
  }

  /** Settles when no handover is under way (at once when none is). */
  get gate(): Promise<void> | null {
    return this.#gate;
  }
}

/**
 * A sequence's token predictor that predicts nothing and waits while a handover runs, but
 * not while prompts are being read (issue 31): those keep the batch loop, and the lock,
 * busy however long the writing texts wait, so the texts go on writing beside them and the
 * cut waits until the prompts are read.
 */
export class WaitsForHandover extends TokenPredictor {
  readonly #handover: Handover;
  readonly #promptsBeingRead: () => boolean;

  constructor(handover: Handover, promptsBeingRead: () => boolean) {
    super();
    this.#handover = handover;
    this.#promptsBeingRead = promptsBeingRead;
  }

  reset(): void {}

  pushTokens(): void {}

  predictTokens(): Promise<Token[]> | Token[] {
    const gate = this.#handover.gate;
    return gate && !this.#promptsBeingRead() ? gate.then(() => []) : [];
  }
}
