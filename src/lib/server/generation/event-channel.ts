import type { GenerationEvent } from "./types.ts";

/**
 * A single-reader queue of events that knows which text its reader has taken: a `delta`
 * counts as delivered once the reader comes back for the next event, that is once the
 * connection has accepted it (the SSE body is pulled) or the JSON answer has collected it.
 */
export function eventChannel() {
  const queued: GenerationEvent[] = [];
  let waiting: ((result: IteratorResult<GenerationEvent>) => void) | null = null;
  let closed = false;
  let lastTaken: GenerationEvent | null = null;
  let delivered = "";
  /** Text written after a Stop, kept back until the writer says whether it was done. */
  let held: GenerationEvent[] | null = null;
  const channel = {
    /** The text that has reached the client so far. */
    get delivered(): string {
      return delivered;
    },
    push(event: GenerationEvent) {
      if (held && (event.type === "delta" || event.type === "reset")) {
        held.push(event);
        return;
      }
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        lastTaken = event;
        resolve({ value: event, done: false });
      } else queued.push(event);
    },
    /** From now on text waits: sent if the writer turns out to be done, else dropped. */
    hold() {
      held ??= [];
    },
    /** The text held back goes out after all. */
    release() {
      const events = held ?? [];
      held = null;
      events.forEach((event) => channel.push(event));
    },
    /** Text not yet taken is not sent: a stopped text ends with what reached the client. */
    dropUndelivered() {
      held = null;
      const kept = queued.filter((event) => event.type !== "delta" && event.type !== "reset");
      queued.splice(0, queued.length, ...kept);
    },
    close() {
      closed = true;
      waiting?.({ value: undefined, done: true });
      waiting = null;
    },
    events: {
      [Symbol.asyncIterator]: () => ({
        next(): Promise<IteratorResult<GenerationEvent>> {
          // The reader is back: what it took last has reached the client.
          if (lastTaken?.type === "delta") delivered += lastTaken.text;
          else if (lastTaken?.type === "reset") delivered = "";
          lastTaken = null;
          const event = queued.shift();
          if (event) {
            lastTaken = event;
            return Promise.resolve({ value: event, done: false });
          }
          if (closed) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => (waiting = resolve));
        },
      }),
    },
  };
  return channel;
}

export type EventChannel = ReturnType<typeof eventChannel>;
