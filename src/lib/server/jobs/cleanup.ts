import { sql } from "drizzle-orm";
import { deleteUnverifiedAccounts } from "../auth/accounts.ts";
import { deleteStaleEmailTokens } from "../auth/email-tokens.ts";
import { deleteExpiredSessions } from "../auth/sessions.ts";
import type { Database } from "../db/index.ts";

/** Advisory-lock key of the cleanup job: one instance runs it at a time (DESIGN §9). */
const CLEANUP_LOCK = 7_240_002;

export const CLEANUP_INTERVAL_MS = 10 * 60_000;

export type CleanupResult =
  { ran: false } | { ran: true; unverifiedAccounts: number; sessions: number; emailTokens: number };

/**
 * Deletes accounts still unverified 24 h after registration, expired sessions and spent
 * e-mail tokens. A transaction-scoped advisory lock makes a second instance skip the run
 * instead of repeating it.
 */
export async function runCleanup(db: Database, now: Date): Promise<CleanupResult> {
  return db.transaction(async (tx) => {
    // Both drivers answer { rows }: PGlite's Results and node-postgres' QueryResult.
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!lock.rows[0]?.locked) return { ran: false };
    const txDb = tx as unknown as Database;
    return {
      ran: true,
      unverifiedAccounts: await deleteUnverifiedAccounts(txDb, now),
      sessions: await deleteExpiredSessions(txDb, now),
      emailTokens: await deleteStaleEmailTokens(txDb, now),
    };
  });
}
