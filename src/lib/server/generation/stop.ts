import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { outsideRequests } from "#server/db/query-count.ts";
import { getLogger } from "#server/logger.ts";
import { cancelRequested, requestCancel } from "./generations.ts";

/**
 * Stop on any instance (decision 056): recorded on the generation's row, heard at once by
 * the instance asked, and by the writing instance within CANCEL_POLL_MS otherwise.
 */

/** Generations this process writes, so that a Stop recorded anywhere reaches them. */
const running = new Map<string, { db: Database; stop(): void }>();

/** How often this process looks for Stops asked of its generations on other instances. */
const CANCEL_POLL_MS = 500;
let cancelPoll: NodeJS.Timeout | null = null;

/**
 * Makes a generation reachable by Stop, from this instance or another; returns its release.
 */
export function listenForStop(db: Database, generationId: string, stop: () => void): () => void {
  running.set(generationId, { db, stop });
  watchForCancels();
  return () => running.delete(generationId);
}

function watchForCancels(): void {
  if (cancelPoll) return;
  // A timer of the process, not of the request that started it (its statements are no
  // request's).
  cancelPoll = outsideRequests(() => setInterval(pollForCancels, CANCEL_POLL_MS));
  cancelPoll.unref();
}

function pollForCancels(): void {
  const ids = [...running.keys()];
  const db = running.get(ids[0] ?? "")?.db;
  if (!db) {
    clearInterval(cancelPoll!);
    cancelPoll = null;
    return;
  }
  cancelRequested(db, ids).then(
    (cancelled) => cancelled.forEach((id) => running.get(id)?.stop()),
    (error: unknown) => getLogger().warn({ err: error }, "looking for stopped texts failed"),
  );
}

/**
 * Stop: recorded on the caller's own pending generation, so the instance that writes it
 * stops it (at once when that is this one, within CANCEL_POLL_MS otherwise). False when the
 * caller has no such generation still being written.
 */
export async function cancelGeneration(
  db: Database,
  generationId: string,
  owner: CreditOwner,
  now: Date,
): Promise<boolean> {
  if (!(await requestCancel(db, owner, generationId, now))) return false;
  running.get(generationId)?.stop();
  return true;
}
