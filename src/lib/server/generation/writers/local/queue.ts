import type { CustomBatchingPrioritizationStrategy, PrioritizedBatchItem } from "node-llama-cpp";

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

/**
 * How node-llama-cpp fills a batch (decision 069): the next token of every running text
 * first, then the prompts being read share what room is left evenly. Its own
 * "maximumParallelism" gives the prompts more than the batch holds, and the batch is then
 * cut in queue order, so a running text, queued last, waited until every newcomer's
 * prompt was read.
 */
export const runningTextsFirst: CustomBatchingPrioritizationStrategy = ({ items, size }) => {
  const running = items.filter((item) => item.tokens.length === 1);
  const reading = items
    .filter((item) => item.tokens.length > 1)
    .sort((a, b) => a.tokens.length - b.tokens.length);
  const batch: PrioritizedBatchItem[] = running.map((item) => ({ item, processAmount: 1 }));
  let room = size - running.length;
  reading.forEach((item, i) => {
    const share = Math.min(item.tokens.length, Math.floor(room / (reading.length - i)));
    if (share <= 0) return;
    batch.push({ item, processAmount: share });
    room -= share;
  });
  return batch;
};
