import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the statements each request sends to the database (issue 11): the server runs
 * every request inside `countQueries`, the database driver calls `countQuery`, and the
 * debug request log carries the total.
 */
const counter = new AsyncLocalStorage<{ queries: number }>();
const storage = () => counter;

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
