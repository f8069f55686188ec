/**
 * Gives memory back once a busy spell is over (decision 045). Under load V8 grows its heap
 * into pages that an ordinary collection leaves committed, half empty: after the
 * benchmark's load about 100 MB of heap held 50 MB of objects, and V8's own memory reducer
 * did not run in 40 idle seconds. A compacting collection (V8's "last resort" flavour)
 * hands those pages back. It runs only after requests came and then none for a whole
 * interval, with none still open (a stream), and only when V8's heap grew 24 MB above its
 * smallest since the last one: a quiet server never pays its pause. Health probes do not count as
 * requests, so a load balancer's polling does not keep it from running. It needs Node's
 * `--expose-gc` (server/node-flags.ts) and does nothing without it.
 */
import type { ServerResponse } from "node:http";
import type { Logger } from "pino";

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** How long the server must have had no request before it collects. */
const QUIET_MS = 5_000;
/** Growth of V8's heap above its smallest since the last collection that makes one worth its pause. */
const GROWTH_BYTES = 24 * 1024 * 1024;
/** V8 hands freed pages back on a background thread, within about this long. */
const SETTLE_MS = 1_000;

const collect = (globalThis as { gc?: Collect }).gc;
let requests = 0;
let open = 0;
let requestsAtCollection = 0;
/** V8's heap at its smallest since the last collection (it grows under load, not back). */
let smallestHeap = Number.POSITIVE_INFINITY;

const mb = (bytes: number) => Math.round(bytes / 1e6);

/** Called for every request but health probes: the quiet spell starts again. */
export function noteRequest(res: ServerResponse): void {
  requests++;
  open++;
  res.once("close", () => open--);
}

/** A compacting collection now; returns how long it paused the event loop, in ms. */
function collectGarbage(): number | null {
  if (!collect) return null;
  const started = performance.now();
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  requestsAtCollection = requests;
  smallestHeap = process.memoryUsage().heapTotal;
  return performance.now() - started;
}

/** Runs `then` once the freed pages are back. */
function afterSettling(then: () => void): void {
  setTimeout(then, SETTLE_MS).unref();
}

/** The process's memory, for the log. */
function memoryFigures(): Record<string, number> {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    rssMb: mb(rss),
    heapTotalMb: mb(heapTotal),
    heapUsedMb: mb(heapUsed),
    externalMb: mb(external),
    arrayBuffersMb: mb(arrayBuffers),
  };
}

/** Starts the check, every QUIET_MS: a quiet server whose heap grew collects. */
export function returnMemoryWhenQuiet(log: Logger): void {
  smallestHeap = process.memoryUsage().heapTotal;
  let seen = requests;
  setInterval(() => {
    const { heapTotal, rss: rssBefore } = process.memoryUsage();
    smallestHeap = Math.min(smallestHeap, heapTotal);
    const quiet = requests === seen && open === 0;
    seen = requests;
    if (!quiet || requests === requestsAtCollection) return;
    if (heapTotal - smallestHeap < GROWTH_BYTES) return;
    const pauseMs = collectGarbage();
    if (pauseMs === null) return;
    afterSettling(() =>
      log.info(
        { pauseMs: Math.round(pauseMs), rssMbBefore: mb(rssBefore), ...memoryFigures() },
        "memory returned after a busy spell",
      ),
    );
  }, QUIET_MS).unref();
}

/** SIGUSR2 (the benchmark): a compacting collection now, memory reported once settled. */
export function reportMemoryOnSignal(log: Logger): void {
  process.on("SIGUSR2", () => {
    const pauseMs = collectGarbage();
    afterSettling(() =>
      log.info(
        {
          ...memoryFigures(),
          collectionMs: pauseMs === null ? null : Math.round(pauseMs),
        },
        "memory",
      ),
    );
  });
}
