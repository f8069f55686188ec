import type { CreditStatus } from "#shared/credits.ts";
import { createFetcherStore, invalidateKeys } from "./query.ts";

export const CREDIT_STATUS_KEY = "/api/credits/status";

/** Fetched once, fresh for 5 minutes, never polled (spec §7). */
export const $creditStatus = createFetcherStore<CreditStatus & { success: boolean }>(
  [CREDIT_STATUS_KEY],
  {
    dedupeTime: 300_000,
  },
);

/** After a generation or an ad reward the balance has changed (spec §4). */
export function invalidateCreditStatus(): void {
  invalidateKeys(CREDIT_STATUS_KEY);
}
