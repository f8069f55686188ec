/**
 * Takes the app's requests in turns, so that no turn of the event loop runs them for more
 * than a couple of milliseconds (decision 053).
 *
 * Without this, one turn of the loop reads every socket with a request waiting and runs each
 * through the app at once: under 50 busy connections a turn took 25–50 ms here, and
 * everything else waited for it – /healthz (p99 ~100 ms), timers, the next words of a
 * streaming text. Here each request the app must answer is queued, one `setImmediate` each
 * (first in, first out; microtasks still run between them), and once a turn has spent its
 * slice the rest move to the next turn, after timers and I/O have had theirs. The same work
 * is done in the same order; what the server answers itself (/healthz, static files) no
 * longer waits behind it (/healthz p99 under that load ~100 → ~16 ms, throughput unchanged).
 */
import { performance } from "node:perf_hooks";

/**
 * How long one turn of the loop may run the app's requests before the rest wait a turn. At
 * least one runs each turn, however long it takes. 2 ms: /healthz p99 18 ms here, 24–27 ms
 * with 4 ms, 26 ms with 8 ms, at the same throughput.
 */
export const TURN_SLICE_MS = 2;

/** When this turn's slice ends; 0 until the first request of a turn starts one. */
let sliceEndsAt = 0;

function endSlice(): void {
  sliceEndsAt = 0;
}

/**
 * How many requests may wait for a turn at once, and how many of them one connection may
 * hold. Past either the request is turned away at once (503 with Retry-After) instead of
 * waiting in a line with no end: a pipelining client can send requests faster than any
 * turn runs them, and without a bound one connection could fill memory and push every
 * other client back. At this machine's ~4000 requests/s a full line is a quarter second's
 * work; browsers send one request at a time per connection.
 */
export const MAX_WAITING = 1000;
export const MAX_WAITING_PER_CONNECTION = 16;

let waiting = 0;
const waitingBy = new WeakMap<object, number>();

function attempt(run: () => void, connection: object): void {
  const now = performance.now();
  if (sliceEndsAt === 0) {
    sliceEndsAt = now + TURN_SLICE_MS;
    // Queued now, it runs first in the next turn's immediates, before every request that
    // waits: each turn starts a slice of its own.
    setImmediate(endSlice);
  }
  if (now >= sliceEndsAt) {
    setImmediate(attempt, run, connection);
    return;
  }
  waiting--;
  waitingBy.set(connection, waitingBy.get(connection)! - 1);
  run();
}

/**
 * Runs `run` in this turn of the event loop if its slice allows, else in a later one; false
 * (and `run` never runs) when the line, or the connection's share of it, is full.
 */
export function inTurn(run: () => void, connection: object): boolean {
  const held = waitingBy.get(connection) ?? 0;
  if (waiting >= MAX_WAITING || held >= MAX_WAITING_PER_CONNECTION) return false;
  waiting++;
  waitingBy.set(connection, held + 1);
  setImmediate(attempt, run, connection);
  return true;
}

/** Whether the line is full: /readyz then tells a load balancer to send others elsewhere. */
export function lineIsFull(): boolean {
  return waiting >= MAX_WAITING;
}
