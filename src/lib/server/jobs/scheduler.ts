import { isDatabaseUnavailable } from "#server/db/errors.ts";
import type { DatabaseHandle } from "#server/db/index.ts";
import { vacuumAndAnalyseWhereDue } from "#server/db/embedded/maintenance.ts";
import { reconcileExpiredReservations } from "#server/generation/charges.ts";
import { getLogger } from "#server/logger.ts";
import { CLEANUP_INTERVAL_MS, runCleanup } from "./cleanup.ts";

/** How often the embedded database's autovacuum looks: autovacuum's own `autovacuum_naptime`. */
const AUTOVACUUM_INTERVAL_MS = 60_000;

export interface ScheduledJob {
  name: string;
  /** How often it runs, and how long after start it first runs. */
  everyMs: number;
  firstAfterMs: number;
  run(now: Date): Promise<void>;
}

/**
 * The server's periodic jobs: cleanup (on PostgreSQL one instance at a time, by advisory
 * lock), the reconciler that refunds reservations a crashed process left behind, and on
 * the embedded database the vacuuming and analysing that PostgreSQL's autovacuum does.
 */
export function serverJobs(database: DatabaseHandle, reservationTimeoutMs: number): ScheduledJob[] {
  const { db } = database;
  const log = getLogger();
  const jobs: ScheduledJob[] = [
    {
      name: "cleanup",
      everyMs: CLEANUP_INTERVAL_MS,
      firstAfterMs: 5_000,
      async run(now) {
        const result = await runCleanup(db, now);
        const removed = result.ran
          ? result.unverifiedAccounts +
            result.sessions +
            result.emailTokens +
            result.adSessions +
            result.guests
          : 0;
        if (removed > 0) {
          log.info(result, "cleanup");
        }
      },
    },
    {
      name: "reconciler",
      // Each refund happens once, on whichever instance gets there first.
      everyMs: Math.min(60_000, Math.max(1_000, reservationTimeoutMs / 3)),
      firstAfterMs: 2_000,
      async run(now) {
        const refunded = await reconcileExpiredReservations(db, now);
        if (refunded > 0) log.warn({ refunded }, "refunded stale reservations");
      },
    },
  ];
  if (database.kind === "pglite") {
    jobs.push({
      name: "autovacuum",
      everyMs: AUTOVACUUM_INTERVAL_MS,
      firstAfterMs: 30_000,
      async run() {
        const started = performance.now();
        const tables = await vacuumAndAnalyseWhereDue(db);
        if (tables.length > 0) {
          log.info({ tables, ms: Math.round(performance.now() - started) }, "autovacuum");
        }
      },
    });
  }
  return jobs;
}

/**
 * Runs each job on its own timer, never two runs of one job at once (a slow run makes the
 * next one wait, not pile up); a failed run is logged and the next one comes as usual.
 * Timers do not keep the process alive. Returns the stop function.
 */
export function startJobs(jobs: ScheduledJob[], now: () => Date = () => new Date()): () => void {
  const log = getLogger();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await job.run(now());
      } catch (error) {
        // A database that cannot serve now is a fault to wait out, not a bug: it runs again.
        if (isDatabaseUnavailable(error)) log.warn({ err: error, job: job.name }, "job failed");
        else log.error({ err: error, job: job.name }, "job failed");
      } finally {
        running = false;
      }
    };
    timers.push(setTimeout(() => void tick(), job.firstAfterMs).unref());
    timers.push(setInterval(() => void tick(), job.everyMs).unref());
  }
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
