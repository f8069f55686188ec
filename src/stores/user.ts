import type { PublicUser } from "../lib/shared/schemas/auth.ts";
import { createFetcherStore, invalidateKeys } from "./query.ts";

export const USER_KEY = "/api/auth/me";
const FIVE_MINUTES = 300_000;

/** The signed-in user, or null; fresh for 5 minutes (spec §7). */
export const $currentUser = createFetcherStore<{ success: boolean; user: PublicUser | null }>(
  [USER_KEY],
  { dedupeTime: FIVE_MINUTES },
);

export function refreshUser(): void {
  invalidateKeys(USER_KEY);
}
