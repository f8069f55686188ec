import { invalidateKeys } from "#stores/query.ts";

/**
 * The history's cache key, apart from its store: the generator on / marks the history
 * stale without loading the library's filters and pages.
 */
export const HISTORY_KEY = "/api/email/my";

/** After a text is written or deleted: every cached page of the history is stale. */
export function invalidateHistory(): void {
  invalidateKeys((key) => key.startsWith(HISTORY_KEY));
}
