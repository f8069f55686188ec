/**
 * The Node flags the server runs with, wherever it runs: `npm start`, `npm run serve`, the
 * Dockerfile and the test and benchmark servers (tests/unit/server-flags.test.ts checks
 * that they agree). Decision 038: a young generation capped at 4 MB per semi-space keeps
 * about 170 MB of memory that V8 otherwise holds after a burst of requests. Decision 039:
 * the old generation grows by half between collections, not up to fourfold, which keeps
 * about 150 MB more. Decision 045: `--expose-gc` lets the server run a compacting collection
 * once a busy spell is over (server/memory.ts), which gives back what the load left.
 */
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=4",
  "--heap-growing-percent=50",
  "--expose-gc",
];

/**
 * glibc malloc settings the Docker image runs with (decision 040): two arenas instead of
 * eight per core, and freed memory above 128 KB handed back to the system. The PGlite
 * thread's allocations otherwise stay resident after a burst (about 60 MB). They take
 * effect only from the process's environment, so `npm start` runs without them unless
 * they are exported first; the test and benchmark servers run with them, as the image does.
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072" };
