import { execFileSync } from "node:child_process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "#server/db/errors.ts";
import { rowsOf } from "#server/db/index.ts";
import { ApiClient, signUp, type ApiResponse } from "../support/client.ts";
import { readMetricsText, sample } from "../support/metrics.ts";
import { usingPostgres } from "../support/server.ts";
import { useDatabase } from "../support/use-database.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Issue 12, item 5: a database that cannot read or write answers 503 with Retry-After,
 * never 500; /readyz says so; once it can again, requests succeed without a restart.
 */

/** The suites run as root; without CAP_DAC_OVERRIDE (setpriv) a read-only folder binds it. */
const canDropFileOverride =
  process.getuid?.() === 0 &&
  (() => {
    try {
      execFileSync("setpriv", ["--bounding-set=-dac_override", "true"]);
      return true;
    } catch {
      return false;
    }
  })();

function expectUnavailable(response: ApiResponse, what: string): void {
  expect(response.status, what).toBe(503);
  expect(response.headers.get("retry-after"), what).toMatch(/^\d+$/);
  expect(response.body, what).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
}

const readyStatus = async (url: string) => (await fetch(`${url}/readyz`)).status;

/** The faults /metrics has counted (decision 093). */
const faultsCounted = async (url: string) =>
  sample(await readMetricsText(url), "aitext_database_faults_total");

const newAccount = (client: ApiClient) =>
  client.post("/api/auth/register", {
    email: `user-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: "violet-harbor-42",
    confirmPassword: "violet-harbor-42",
  });

describe.runIf(!usingPostgres && canDropFileOverride)(
  "the embedded database's folder made read-only",
  () => {
    const server = useServer({ fileModesApply: true, env: { TRUSTED_PROXY: "1" } });
    const setWritable = (writable: boolean) =>
      execFileSync("chmod", ["-R", writable ? "u+w" : "a-w", server.storage.dataDir]);

    afterAll(() => {
      // Registered after useServer's, so it runs first: the folder is writable to remove.
      if (server.started) setWritable(true);
    });

    it("answers 503 with Retry-After and /readyz 503; writable again, it serves without a restart", async () => {
      const guest = new ApiClient(server.url);
      const faultsBefore = await faultsCounted(server.url);
      setWritable(false);
      try {
        // The first request since start: its tables' files are opened now, and may not be.
        expectUnavailable(await newAccount(new ApiClient(server.url)), "register");
        expectUnavailable(await guest.get("/api/credits/status"), "credit status");
        expectUnavailable(
          await guest.post("/api/email/generate", {
            content: "A note to my neighbours",
            language: "english",
            contentType: "email",
          }),
          "generate",
        );
        expect(await readyStatus(server.url)).toBe(503);
        // Each 503 of the database's is counted on /metrics.
        expect(await faultsCounted(server.url)).toBeGreaterThanOrEqual(faultsBefore + 3);
      } finally {
        setWritable(true);
      }
      await waitFor("/readyz to answer 200", () => readyStatus(server.url), {
        done: (status) => status === 200,
        timeoutMs: 20_000,
      });
      const { client } = await signUp(server.url, false);
      expect((await client.get("/api/credits/status")).status).toBe(200);
      expect((await client.get("/api/email/my")).status).toBe(200);
      expect(server.logs.filter((entry) => entry.msg === "unhandled error")).toEqual([]);
    });

    it("reopens the database once when many requests fail at once", async () => {
      const { client } = await signUp(server.url, false);
      const reopenedBefore = server.logs.filter(
        (entry) => entry.msg === "reopened the embedded database after a fault",
      ).length;
      setWritable(false);
      try {
        // A table no request has read since the last reopen: its file is opened now.
        expectUnavailable(await client.get("/api/credits/activity"), "credit activity");
      } finally {
        setWritable(true);
      }
      const burst = () =>
        Promise.all(Array.from({ length: 20 }, () => client.get("/api/credits/status")));
      const answers = await waitFor("a burst answered 200", burst, {
        done: (all) => all.every((answer) => answer.status === 200),
        timeoutMs: 20_000,
      });
      expect(answers).toHaveLength(20);
      const reopened = server.logs.filter(
        (entry) => entry.msg === "reopened the embedded database after a fault",
      ).length;
      expect(reopened - reopenedBefore).toBe(1);
    });
  },
);

describe.runIf(usingPostgres)("a PostgreSQL database that refuses writes", () => {
  let admin: pg.Client;
  let name: string;

  /** Sets the database read-only (or not), and ends its sessions so that the pool reconnects. */
  async function setReadOnly(readOnly: boolean): Promise<void> {
    await admin.query(
      `alter database ${name} ${readOnly ? "set default_transaction_read_only = on" : "reset default_transaction_read_only"}`,
    );
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [name],
    );
  }

  const server = useServer({
    env: { TRUSTED_PROXY: "1" },
    ready: async (started) => {
      name = new URL(started.storage.databaseUrl!).pathname.slice(1);
      admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
    },
  });

  afterAll(async () => {
    await admin?.end();
  });

  it("answers 503 with Retry-After and /readyz 503; writable again, 200", async () => {
    const { client } = await signUp(server.url, false);
    const faultsBefore = await faultsCounted(server.url);
    await setReadOnly(true);
    try {
      // The pool's connections were ended: the first answers may be of that, the rest of
      // the read-only database.
      await waitFor("/readyz to answer 503", () => readyStatus(server.url), {
        done: (status) => status === 503,
      });
      expectUnavailable(await newAccount(new ApiClient(server.url)), "register");
      expectUnavailable(
        await client.post("/api/email/generate", {
          content: "A note to my neighbours",
          language: "english",
          contentType: "email",
        }),
        "generate",
      );
      // Each 503 of the database's is counted on /metrics.
      expect(await faultsCounted(server.url)).toBeGreaterThanOrEqual(faultsBefore + 2);
    } finally {
      await setReadOnly(false);
    }
    await waitFor("/readyz to answer 200", () => readyStatus(server.url), {
      done: (status) => status === 200,
    });
    expect((await newAccount(new ApiClient(server.url))).status).toBe(201);
    expect(server.logs.filter((entry) => entry.msg === "unhandled error")).toEqual([]);
  });
});

/**
 * Issue 24, part 5: the wait for a connection is bounded (DATABASE_WAIT_TIMEOUT_MS, short
 * here: the wait is what is under test) and what it throws reads as unavailable (503).
 */
describe(`a statement that finds no connection free (${usingPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  // Long enough for PostgreSQL to open a connection on a busy machine.
  const WAIT_MS = 1_000;
  const handle = useDatabase({
    env: (storage) => ({ ...storage.env, DATABASE_WAIT_TIMEOUT_MS: String(WAIT_MS) }),
  });

  /** Transactions that each hold a connection until released. */
  async function holdConnections(count: number): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const entered: Promise<void>[] = [];
    const held = Array.from({ length: count }, () => {
      let inside!: () => void;
      entered.push(new Promise<void>((resolve) => (inside = resolve)));
      return handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        inside();
        await released;
      });
    });
    const releaseAll = async () => {
      release();
      await Promise.all(held);
    };
    // A hold that could not begin fails the test rather than leave it waiting.
    await Promise.race([Promise.all(entered), Promise.all(held)]).catch(async (error) => {
      await releaseAll().catch(() => {});
      throw error;
    });
    return releaseAll;
  }

  it("gives up after the wait with an error that reads as unavailable, and never runs", async () => {
    await handle.db.execute(sql`create table wait_probe (n int)`);
    // PostgreSQL's pool has ten connections; the embedded database one session.
    const release = await holdConnections(handle.kind === "postgres" ? 10 : 1);
    let failure: unknown;
    try {
      failure = await handle.db.execute(sql`insert into wait_probe values (1)`).then(
        () => null,
        (error: unknown) => error,
      );
    } finally {
      await release();
    }
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The line has moved past the insert that gave up: it did not run late.
    const counted = await handle.db.execute(sql`select count(*)::int as n from wait_probe`);
    expect(rowsOf<{ n: number }>(counted)[0]!.n).toBe(0);
  });
});
