import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { usingPostgres } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * PostgreSQL restarted under generation load: 503 in the JSON shape while it is down,
 * answers again within 5 s of it being back, and no credit lost or made: reservations run
 * through the outage, and afterwards every account's balance equals its ledger, and its
 * ledger equals what its texts cost. Needs the local cluster's control script and root,
 * as on this project's machines.
 */
const run = promisify(execFile);
const cluster = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql")[0] : undefined;
const canRestart =
  usingPostgres &&
  cluster !== undefined &&
  process.getuid?.() === 0 &&
  process.env.FAULTS_RESTART_POSTGRES !== "0" &&
  (() => {
    try {
      execFileSync("which", ["pg_ctlcluster"]);
      return true;
    } catch {
      return false;
    }
  })();

const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

describe.runIf(canRestart)("PostgreSQL restarted under load", () => {
  // A paid writer: template drafts are free and would leave no credit to lose.
  const server = useServer({
    writer: { text: "Dear neighbours, thank you.", model: "m" },
    cleanupMayFail: true,
  });

  it("answers 503 while the database is down, recovers within 5 s, and loses no credit", async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => signUp(server.url, true)));
    const seen: { at: number; status: number; body: unknown }[] = [];
    let running = true;
    // Each account writes a text every 250 ms: its 1000 credits last through the outage.
    const load = accounts.map(async ({ token }) => {
      const client = new ApiClient(server.url);
      while (running) {
        const at = Date.now();
        try {
          const response = await client.post("/api/email/generate", request, { bearer: token });
          seen.push({ at, status: response.status, body: response.body });
        } catch (error) {
          seen.push({ at, status: 0, body: String(error) });
        }
        await new Promise((done) => setTimeout(done, 250));
      }
    });

    await waitFor(
      "the load's first texts",
      () => seen.filter((s) => s.status === 200).length >= accounts.length,
    );
    const restartedAt = Date.now();
    // Stopped, then started once the load has met the outage: a restart alone can be over
    // before any request falls into it. Asynchronous, so the load keeps running meanwhile.
    await run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "stop"]);
    try {
      await waitFor("a request answered while the database is down", () =>
        seen.some((s) => s.at >= restartedAt && s.status !== 200),
      );
    } finally {
      await run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "start"]);
    }
    const backAt = Date.now();
    await waitFor("a text written after the restart", () =>
      seen.some((s) => s.at >= backAt && s.status === 200),
    );
    running = false;
    await Promise.all(load);

    expect(seen.filter((s) => ![200, 402, 503].includes(s.status))).toEqual([]);
    // The outage was seen, and answered in the JSON error shape.
    expect(seen.filter((s) => s.at >= restartedAt && s.at < backAt).length).toBeGreaterThan(0);
    expect(seen.some((s) => s.status === 503)).toBe(true);
    for (const failure of seen.filter((s) => s.status === 503)) {
      expect(failure.body).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
    }
    const firstOkAfter = seen.find((s) => s.at >= backAt && s.status === 200)!;
    expect(firstOkAfter.at - backAt).toBeLessThan(5_000);
    console.log(
      `postgres restart: ${backAt - restartedAt} ms down, ${seen.filter((s) => s.status === 503).length} × 503, ${seen.filter((s) => s.status === 200).length} texts, first 200 ${firstOkAfter.at - backAt} ms after`,
    );

    const db = new pg.Client({ connectionString: server.storage.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{
        credits: number;
        ledger: number;
        charged: number;
      }>(`
        select u.credits,
          (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger,
          (select count(*)::int from generations g
            where g.user_id = u.id and g.status in ('done', 'pending')) as charged
        from users u`);
      expect(rows).toHaveLength(accounts.length);
      for (const row of rows) {
        expect(row.credits).toBe(row.ledger);
        // Paid texts, and reservations the outage left for the reconciler, and nothing else.
        expect(row.credits).toBe(1000 - 100 * row.charged);
      }
    } finally {
      await db.end();
    }
  });
});
