import MALLOC_ENV from "./malloc-env.json" with { type: "json" };

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
 * glibc malloc settings the server runs with everywhere (decisions 040, 045 and 049): two
 * arenas instead of eight per core; freed memory above 128 KB handed back to the system;
 * blocks of 16 KB and more in mappings of their own, returned whole when freed (glibc
 * otherwise raises that threshold as large blocks are freed, and they fragment its heap).
 * The PGlite thread's allocations otherwise stay resident after a burst. They take effect
 * only from the process's environment: the Docker image sets them, `npm start`
 * (server/start.mjs) re-executes itself with them, the test and benchmark servers get them.
 */
export const SERVER_MALLOC_ENV: Record<string, string> = MALLOC_ENV;
