/**
 * The Node flags the server runs with, wherever it runs: `npm start`, `npm run serve`, the
 * Dockerfile and the test and benchmark servers (tests/unit/server-flags.test.ts checks
 * that they agree). Decision 038: a young generation capped at 4 MB per semi-space keeps
 * about 170 MB of memory that V8 otherwise holds after a burst of requests. Decision 039:
 * the old generation grows by half between collections, not up to fourfold, which keeps
 * about 150 MB more.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--heap-growing-percent=50"];
