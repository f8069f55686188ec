/**
 * Gives memory back once a busy spell is over (decision 045). Under load V8 grows its heap
 * into pages that an ordinary collection leaves committed, half empty: after the
 * benchmark's load about 100 MB of heap held 50 MB of objects, and V8's own memory reducer
 * did not run in 40 idle seconds. A compacting collection (V8's "last resort" flavour)
 * hands those pages back. It runs when requests came and then none for a while, and only
 * when the process has grown, so a quiet server never pays for it; it needs Node's
 * `--expose-gc` (server/node-flags.ts) and does nothing without it.
 */

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/** How long the server must have had no request before it collects. */
const QUIET_MS = 5_000;
/** Growth of the process since the last collection that makes one worth its pause. */
const GROWTH_BYTES = 24 * 1024 * 1024;

const collect = (globalThis as { gc?: Collect }).gc;
let requests = 0;
let rssAfterLastCollection = process.memoryUsage.rss();

/** Called for every request: the quiet spell starts again. */
export function noteRequest(): void {
  requests++;
}

/** A compacting collection now; returns how long it paused the event loop, in ms. */
export function collectGarbage(): number | null {
  if (!collect) return null;
  const started = performance.now();
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  rssAfterLastCollection = process.memoryUsage.rss();
  return performance.now() - started;
}

/**
 * Checks every QUIET_MS: when requests came before and none since, and the process grew,
 * collects. `collected` hears how long it took and what the process weighs after it.
 */
export function returnMemoryWhenQuiet(
  collected: (pauseMs: number, rssBefore: number) => void,
): NodeJS.Timeout {
  let seen = requests;
  return setInterval(() => {
    const quiet = requests === seen;
    seen = requests;
    if (!quiet) return;
    const rss = process.memoryUsage.rss();
    if (rss - rssAfterLastCollection < GROWTH_BYTES) return;
    const pauseMs = collectGarbage();
    if (pauseMs !== null) collected(pauseMs, rss);
  }, QUIET_MS).unref();
}
