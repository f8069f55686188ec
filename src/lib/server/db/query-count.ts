import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the statements each request sends to the database (issue 11): the server runs
 * every request inside `countQueries`, the database driver calls `countQuery`, and the
 * debug request log carries the total. One counter per process, shared by the server
 * entry and Astro's bundle through globalThis (docs/decisions/002).
 */
const COUNTER = Symbol.for("ai-text-generator.query-count");
type GlobalWithCounter = typeof globalThis & {
  [COUNTER]?: AsyncLocalStorage<{ queries: number }>;
};

function storage(): AsyncLocalStorage<{ queries: number }> {
  const holder = globalThis as GlobalWithCounter;
  holder[COUNTER] ??= new AsyncLocalStorage();
  return holder[COUNTER];
}

export function countQueries<T>(counts: { queries: number }, run: () => T): T {
  return storage().run(counts, run);
}

export function countQuery(): void {
  const counts = storage().getStore();
  if (counts) counts.queries++;
}

/** drizzle's logger hook: every statement it sends, transactions' begin and commit included. */
export const countingLogger = { logQuery: countQuery };

/** Runs `run` (and what it schedules: a timer) as part of no request's count. */
export function outsideRequests<T>(run: () => T): T {
  return storage().exit(run);
}
