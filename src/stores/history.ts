import type { HistoryItem } from "#shared/schemas/generation.ts";
import { createFetcherStore, invalidateKeys } from "./query.ts";

export const HISTORY_KEY = "/api/email/my";

/** The signed-in user's texts; fresh for 1 second (spec §7). */
export const $history = createFetcherStore<{ success: boolean; generations: HistoryItem[] }>(
  [HISTORY_KEY],
  {
    dedupeTime: 1_000,
  },
);

export function invalidateHistory(): void {
  invalidateKeys(HISTORY_KEY);
}
