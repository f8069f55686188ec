import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { signUp, type ApiClient } from "../support/client.ts";
import { usingPostgres } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Issue 7, item 2: terminating the app's PostgreSQL backends while transactions hold pool
 * clients used to kill the process (an `error` event with no listener). Five cuts under
 * generation load: the process stays up, nothing answers 500, /readyz is back within 5 s
 * each time, and every balance still equals its ledger.
 */
describe.runIf(usingPostgres)("PostgreSQL connections cut under generation load", () => {
  let admin: pg.Client;

  const server = useServer({
    writer: {
      text: "Dear neighbours, thank you for the flowers and the kind words.",
      model: "fake-model",
      wordDelayMs: 20,
    },
    env: { TRUSTED_PROXY: "1", GENERATION_PROVIDERS: "localai" },
    ready: async () => {
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    },
  });

  afterAll(async () => {
    await admin?.end();
  });

  const databaseName = () => new URL(server.storage.databaseUrl!).pathname.slice(1);

  async function cutConnections(): Promise<number> {
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [databaseName()],
    );
    return rowCount ?? 0;
  }

  it("keeps the process up, answers 503 not 500, recovers within 5 s, and keeps every ledger", async () => {
    const clients: ApiClient[] = [];
    for (let i = 0; i < 6; i++) clients.push((await signUp(server.url, true)).client);
    const statuses: number[] = [];
    let running = true;
    const load = clients.map(async (client) => {
      while (running) {
        try {
          const response = await client.post("/api/email/generate", {
            content: "A thank-you note to my neighbours",
            language: "english",
            contentType: "email",
          });
          statuses.push(response.status);
        } catch {
          statuses.push(0);
        }
      }
    });

    for (let cut = 0; cut < 5; cut++) {
      await waitFor("texts in flight", () => statuses.length > cut * 6 + 3);
      expect(await cutConnections()).toBeGreaterThan(0);
      const cutAt = Date.now();
      await waitFor(
        "/readyz",
        async () => (await fetch(`${server.url}/readyz`).catch(() => null))?.status,
        { done: (status) => status === 200, timeoutMs: 5_000 },
      );
      expect(Date.now() - cutAt).toBeLessThan(5_000);
      expect(server.process.exitCode).toBeNull();
    }
    running = false;
    await Promise.all(load);

    expect(statuses.filter((status) => ![200, 402, 503].includes(status))).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    // Reservations a cut left pending are refunded once their lease lapses; either way the
    // balance equals the ledger.
    const scratch = new pg.Client({ connectionString: server.storage.databaseUrl });
    await scratch.connect();
    const { rows } = await scratch
      .query<{ credits: number; ledger: number }>(
        `select u.credits,
         (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger
       from users u`,
      )
      .finally(() => scratch.end());
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row.credits).toBe(row.ledger);
  });
});
