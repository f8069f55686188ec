import { nanoquery } from "@nanostores/query";
import { apiFetch } from "#client/http.ts";

/**
 * Spec §7: no retry, no refetch on focus or reconnect, no polling. Each store sets its
 * own freshness (user and credits 5 minutes, history 1 second).
 */
export const [createFetcherStore, createMutatorStore, { invalidateKeys, mutateCache }] = nanoquery({
  fetcher: async (...keys) => {
    const { ok, status, body } = await apiFetch(keys.join(""));
    if (!ok) throw Object.assign(new Error(body.message ?? `${status}`), { status });
    return body;
  },
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateInterval: 0,
  onErrorRetry: false,
});

/** Forgets every cached answer (sign-out, sign-in as someone else). */
export function clearClientData(): void {
  mutateCache(() => true, undefined);
}
