import type {
  CustomBatchingPrioritizationStrategy,
  EvaluationPriority,
  PrioritizedBatchItem,
} from "node-llama-cpp";

/**
 * Sharing the local model fairly: a line of texts waiting for a sequence, and the share of
 * each batch that every text being written or read gets.
 */

/**
 * A fair line for the local model: `concurrency` run at once, up to `capacity` wait in
 * order of arrival, everyone else is turned away at once (so the caller can answer 503
 * with Retry-After instead of holding a connection it cannot serve).
 */
export class FairQueue {
  readonly concurrency: number;
  readonly capacity: number;
  #running = 0;
  #waiting: Ticket[] = [];

  constructor(concurrency: number, capacity: number) {
    this.concurrency = concurrency;
    this.capacity = capacity;
  }

  /** Runs now, or waits in line; null when the line is full. */
  join(): Ticket | null {
    if (this.#running < this.concurrency && this.#waiting.length === 0) {
      this.#running++;
      return new Ticket(this, 0);
    }
    if (this.#waiting.length >= this.capacity) return null;
    const ticket = new Ticket(this, this.#waiting.length + 1);
    this.#waiting.push(ticket);
    return ticket;
  }

  /** Whether a newcomer would be turned away right now. */
  get full(): boolean {
    return this.#running >= this.concurrency && this.#waiting.length >= this.capacity;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get running(): number {
    return this.#running;
  }

  /** @internal A ticket leaves: its slot or its place goes to the next in line. */
  leave(ticket: Ticket): void {
    const index = this.#waiting.indexOf(ticket);
    if (index >= 0) this.#waiting.splice(index, 1);
    else if (ticket.position === 0) this.#running--;
    while (this.#running < this.concurrency && this.#waiting.length > 0) {
      this.#running++;
      this.#waiting.shift()!.moveTo(0);
    }
    this.#waiting.forEach((waiting, i) => waiting.moveTo(i + 1));
  }
}

export class Ticket {
  #queue: FairQueue;
  #position: number;
  #left = false;
  #listeners: (() => void)[] = [];
  /** When it was taken (performance.now()): the start of the text's wait on /metrics. */
  readonly joinedAt = performance.now();

  constructor(queue: FairQueue, position: number) {
    this.#queue = queue;
    this.#position = position;
  }

  /** 0 while running, otherwise the place in line (1 = next). */
  get position(): number {
    return this.#position;
  }

  /** @internal */
  moveTo(position: number): void {
    if (position === this.#position) return;
    this.#position = position;
    for (const listener of this.#listeners.splice(0)) listener();
  }

  /** Resolves at the next change of place (or at once when `signal` aborts). */
  moved(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      this.#listeners.push(done);
      signal.addEventListener("abort", done, { once: true });
    });
  }

  leave(): void {
    if (this.#left) return;
    this.#left = true;
    this.#queue.leave(this);
  }
}

/** The texts the local writer has at work, as a batch is filled. */
export interface TextsAtWork {
  /** Texts in their model call: each has its next tokens queued, or is about to. */
  started: number;
  /**
   * Of those, the texts past their prompt, by their evaluation priority (one a sequence):
   * running, or late to queue their next token. Each step should carry one token of each.
   */
  writing: ReadonlySet<EvaluationPriority>;
}

/** What one decode carried, for the batch fill on /metrics. */
export interface Step {
  /** Writing texts whose next token the step carried. */
  tokens: number;
  /** Texts that were writing: the step could have carried a token of each. */
  writing: number;
}

/**
 * Empty batches in a row a step may wait for a late text. Each is a turn of microtasks
 * (no decode, no timer), and the late text needs a few: 200 is a bound, not a delay.
 */
const HOLD_ROUNDS = 200;

/**
 * How node-llama-cpp fills a batch (decision 069), its `itemPrioritizationStrategy`:
 *
 * - A step waits until every text at work has queued. node-llama-cpp samples each text's
 *   token inside its batch loop and goes on with whatever is queued the moment the last
 *   sample is in, before that last text has queued its next token: one text missed every
 *   step, and a 7-row step costs twice an 8-row one. An empty batch lets the loop turn
 *   once (microtasks only) while the late text catches up; after HOLD_ROUNDS the step
 *   goes with what it has.
 * - The next token of every writing text comes first, then the prompts being read share
 *   the room left (`runningTextsFirst`): node-llama-cpp's own "maximumParallelism" gives
 *   the prompts more than the batch holds, and the batch is then cut in queue order.
 */
export function everyTextEachStep(
  atWork: () => TextsAtWork,
  onStep: (step: Step) => void = () => {},
): CustomBatchingPrioritizationStrategy {
  let held = 0;
  return ({ items, size }) => {
    const texts = atWork();
    if (items.length < texts.started && held < HOLD_ROUNDS) {
      held++;
      return [];
    }
    held = 0;
    const batch = runningTextsFirst({ items, size });
    // Counted by text, not by length: a prompt's last token alone is no writing text's.
    if (texts.writing.size > 0) {
      const tokens = batch.filter(({ item }) => texts.writing.has(item.evaluationPriority));
      onStep({ tokens: tokens.length, writing: texts.writing.size });
    }
    return batch;
  };
}

/**
 * The next token of every running text first; the prompts being read share the room left
 * in proportion to what each has left to read, so that prompts read together end in the
 * same step (decision 069): no text starts writing early only to stand still while the
 * rest are read. A prompt whose share rounds to nothing waits for a later step. The batch
 * then goes in the order of the texts' sequences (`inSequenceOrder`).
 */
export const runningTextsFirst: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const running = items.filter((item) => item.tokens.length === 1);
  const reading = items.filter((item) => item.tokens.length > 1);
  const batch: PrioritizedBatchItem[] = running.map((item) => ({ item, processAmount: 1 }));
  const room = size - running.length;
  const left = reading.reduce((sum, item) => sum + item.tokens.length, 0);
  for (const item of reading) {
    const share =
      left <= room ? item.tokens.length : Math.floor((item.tokens.length * room) / left);
    if (share > 0) batch.push({ item, processAmount: share });
  }
  return batch.sort((a, b) => b.item.evaluationPriority - a.item.evaluationPriority);
};

/**
 * The evaluation priority a text on sequence `index` of `sequences` passes to
 * node-llama-cpp, which hands it to the batch strategy and uses it for nothing else
 * (decision 069): higher for lower sequences, so that a batch sorted by it goes in
 * sequence order. llama.cpp splits a batch of several sequences into one micro-batch only
 * while their ids rise one by one in batch order; in any other order the eight texts of a
 * step were decoded as three or four small micro-batches, each row by row, at half the
 * speed. node-llama-cpp's type says 1 to 5; the values stay in that range, as fractions.
 */
export function inSequenceOrder(index: number, sequences: number): EvaluationPriority {
  return (5 - (4 * index) / sequences) as EvaluationPriority;
}
