import { sql } from "drizzle-orm";
import { deleteUnverifiedAccounts } from "#server/auth/accounts.ts";
import { deleteStaleEmailTokens } from "#server/auth/email-tokens.ts";
import { deleteExpiredSessions } from "#server/auth/sessions.ts";
import { deleteStaleAdSessions } from "#server/credits/ads.ts";
import { deleteExpiredAllowanceHolds, emailHasher } from "#server/credits/allowance-holds.ts";
import { deleteStaleGuests } from "#server/credits/guests.ts";
import { rowsOf, type Database } from "#server/db/index.ts";
import { forgetTrialAddresses } from "#server/credits/trial.ts";

/** Advisory-lock key of the cleanup job: one instance runs it at a time (DESIGN §9). */
const CLEANUP_LOCK = 7_240_002;

export const CLEANUP_INTERVAL_MS = 10 * 60_000;

export type CleanupResult =
  | { ran: false }
  | {
      ran: true;
      unverifiedAccounts: number;
      sessions: number;
      emailTokens: number;
      adSessions: number;
      guests: number;
      allowanceHolds: number;
      trialAddresses: number;
    };

/**
 * Deletes accounts still unverified 24 h after registration, expired sessions, spent
 * e-mail tokens, ad sessions nobody needs, guests nobody comes back as and allowance holds
 * past their 8 days, and forgets trial texts' addresses after 24 h (decision 084). A
 * transaction-scoped advisory lock makes a second instance skip the run instead of
 * repeating it.
 */
export async function runCleanup(db: Database, now: Date): Promise<CleanupResult> {
  const hashEmail = await emailHasher(db);
  return db.transaction(async (tx): Promise<CleanupResult> => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as locked`),
    );
    if (!lock?.locked) return { ran: false };
    const txDb = tx as unknown as Database;
    return {
      ran: true,
      unverifiedAccounts: await deleteUnverifiedAccounts(tx, now, hashEmail),
      sessions: await deleteExpiredSessions(txDb, now),
      emailTokens: await deleteStaleEmailTokens(txDb, now),
      adSessions: await deleteStaleAdSessions(txDb, now),
      guests: await deleteStaleGuests(txDb, now),
      allowanceHolds: await deleteExpiredAllowanceHolds(txDb, now),
      trialAddresses: await forgetTrialAddresses(txDb, now),
    };
  });
}
