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
