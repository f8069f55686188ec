import { onStart } from "nanostores";
import type { CreditStatus } from "#shared/credits.ts";
import type { ShownPlanNumber } from "#shared/plan.ts";
import { createFetcherStore, invalidateKeys } from "./query.ts";

export const CREDIT_STATUS_KEY = "/api/credits/status";

/** Fetched once, fresh for 5 minutes, never polled (spec §7). */
export const $creditStatus = createFetcherStore<CreditStatus & { success: boolean }>(
  [CREDIT_STATUS_KEY],
  {
    dedupeTime: 300_000,
  },
);

/**
 * Copy written at build states the default plan in `[data-plan]` elements (a use case's
 * FAQ); once the status has loaded they state the plan in force (decision 071). Written as
 * small as it reads well: it is on the home page's JavaScript, where no `[data-plan]` is.
 * Hooked to the store's start, in the browser: nothing asks for the status at build.
 */
onStart($creditStatus, () =>
  $creditStatus.subscribe(
    ({ data }) =>
      data &&
      document.querySelectorAll<HTMLElement>("[data-plan]").forEach(
        (number) =>
          // The number's digits, as the build wrote the default's (textContent makes a string).
          (number.textContent = data.plan[
            number.dataset.plan as ShownPlanNumber
          ] as unknown as string),
      ),
  ),
);

/** After a generation or an ad reward the balance has changed (spec §4). */
export function invalidateCreditStatus(): void {
  invalidateKeys(CREDIT_STATUS_KEY);
}
