import pg from "pg";
import { describe, expect, it } from "vitest";
import { ApiClient, signUp, type ApiResponse } from "../support/client.ts";
import { postGenerate } from "../support/generate.ts";
import { freePort, holdDatabaseThread } from "../support/inspector.ts";
import { readMetricsText, sample } from "../support/metrics.ts";
import { usingPostgres } from "../support/server.ts";
import { readSse } from "../support/sse.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Issue 24, part 5: with a lock held on `sessions` for 12 s, 30 concurrent /api/auth/me
 * got 20 × 500, without Retry-After, and no database fault counted: pg-pool's wait for a
 * connection ran out with an error nothing recognised, and the embedded database had no
 * bound on its wait at all. Now: 503 with Retry-After, counted, and 200 once released.
 */
const FLOOD = 30;
/** The wait under test, short so that the test is; the default is 5 s. */
const WAIT_MS = 1_000;
const TEXT = {
  content: "A thank-you note to my neighbours",
  language: "english",
  contentType: "email",
};

// The embedded database is held through the server's inspector (support/inspector.ts).
const inspectorPort = usingPostgres ? 0 : await freePort();

const server = useServer({
  writer: {
    text: "Dear neighbours, thank you for the flowers and the kind words.",
    model: "fake-model",
  },
  nodeFlags: usingPostgres ? [] : [`--inspect=127.0.0.1:${inspectorPort}`],
  env: {
    TRUSTED_PROXY: "1",
    GENERATION_PROVIDERS: "localai",
    DATABASE_WAIT_TIMEOUT_MS: String(WAIT_MS),
  },
});

interface Hold {
  /** Requests that have a connection and wait inside the database, on the lock. */
  waitingOnTheLock(): Promise<number>;
  release(): Promise<void>;
}

/**
 * PostgreSQL: another connection locks `sessions`, as the red team did. Every sign-in
 * check waits on it: ten hold the pool's ten connections, the rest wait for one.
 */
async function lockSessions(): Promise<Hold> {
  const admin = new pg.Client({ connectionString: server.storage.databaseUrl });
  await admin.connect();
  await admin.query("begin");
  await admin.query("lock table sessions in access exclusive mode");
  return {
    async waitingOnTheLock() {
      // Inside a transaction pg_stat_activity is read once, unless its snapshot is cleared.
      await admin.query("select pg_stat_clear_snapshot()");
      const { rows } = await admin.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return rows[0]!.waiting;
    },
    async release() {
      await admin.query("commit");
      await admin.end();
    },
  };
}

/**
 * The embedded database has one session and no second connection to lock from: its
 * thread held still does to every statement what a long transaction holding that session
 * does. Nothing waits inside it; every request waits for the session.
 */
async function holdTheSession(): Promise<Hold> {
  const held = await holdDatabaseThread(inspectorPort);
  return { waitingOnTheLock: async () => 0, release: held.release };
}

function expectUnavailable(response: ApiResponse): void {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  expect(response.body).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
}

const faultsCounted = async () =>
  sample(await readMetricsText(server.url), "aitext_database_faults_total");

describe(`a database with no connection to spare (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("answers 503 with Retry-After and never 500, counts the faults, ends a text in flight with SERVICE_UNAVAILABLE, and answers 200 once released", async () => {
    const { client, token } = await signUp(server.url, true);
    // Each from an address of its own: the per-address limits are not under test.
    const me = () => new ApiClient(server.url).get("/api/auth/me", { bearer: token });
    // The same flood with nothing held: all 200. It also opens the pool's connections, so
    // that under the lock each waits on it at once, none for a new connection.
    const unheld = await Promise.all(Array.from({ length: FLOOD }, me));
    expect(unheld.map((answer) => answer.status)).toEqual(unheld.map(() => 200));
    const faultsBefore = await faultsCounted();

    // A text under way, its writer paused after two words: it ends while the database is held.
    server.writer.setMode("pause", 2);
    const stream = await postGenerate(server.url, client, TEXT);
    expect(stream.status).toBe(200);
    const events = readSse(stream);
    // Awaited below; a failed expectation must not leave its rejection unhandled.
    events.catch(() => {});
    await waitFor("the text under way", () => server.writer.wordsSent >= 2);

    const hold = usingPostgres ? await lockSessions() : await holdTheSession();
    const answers: ApiResponse[] = [];
    const flood = Promise.all(
      Array.from({ length: FLOOD }, async () => void answers.push(await me())),
    );
    flood.catch(() => {});
    try {
      // None is left waiting for a connection: each has been answered, or has one.
      await waitFor(
        "each request answered or waiting on the lock",
        async () => answers.length + (await hold.waitingOnTheLock()),
        { done: (settled) => settled >= FLOOD, timeoutMs: 20 * WAIT_MS },
      );
      expect(answers.length).toBeGreaterThan(0);
      for (const answer of answers) expectUnavailable(answer);
      // The writer ends now: settling the text needs a connection, and none is free.
      server.writer.resume();
      expect((await events).at(-1)).toMatchObject({
        event: "error",
        data: { code: "SERVICE_UNAVAILABLE" },
      });
    } finally {
      await hold.release();
    }
    await flood;

    expect(answers.filter((answer) => ![200, 503].includes(answer.status))).toEqual([]);
    const unavailable = answers.filter((answer) => answer.status === 503);
    for (const answer of unavailable) expectUnavailable(answer);
    // Each 503 of the flood is counted, and the text's.
    expect(await faultsCounted()).toBeGreaterThanOrEqual(faultsBefore + unavailable.length + 1);

    // Released, the database serves again at once: no restart, no reopen.
    expect((await me()).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await client.post("/api/email/generate", TEXT)).status).toBe(200);
    expect(server.logs.filter((entry) => entry.msg === "unhandled error")).toEqual([]);
    // Nothing logged carries a query's values: the session id was one of them.
    const logged = JSON.stringify(server.logs);
    expect(logged).not.toContain("params:");
    expect(logged).not.toContain(token.split(".")[0]);
  });
});
