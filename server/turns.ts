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

function attempt(run: () => void): void {
  const now = performance.now();
  if (sliceEndsAt === 0) {
    sliceEndsAt = now + TURN_SLICE_MS;
    // Queued now, it runs first in the next turn's immediates, before every request that
    // waits: each turn starts a slice of its own.
    setImmediate(endSlice);
  }
  if (now < sliceEndsAt) run();
  else setImmediate(attempt, run);
}

/** Runs `run` in this turn of the event loop if its slice allows, else in a later one. */
export function inTurn(run: () => void): void {
  setImmediate(attempt, run);
}
