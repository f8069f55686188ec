import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/index.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, outboxLink, signUp } from "../support/client.ts";
import { allInFlightAtOnce } from "../support/generate.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";

/** Two server processes on one PostgreSQL database (DESIGN §9). Runs only against a server. */
describe.runIf(usingPostgres)("scale-out on one PostgreSQL database", () => {
  let storage: Storage;
  let a: RunningServer;
  let b: RunningServer;
  let boundA: RunningServer;
  let boundB: RunningServer;
  let writer: Awaited<ReturnType<typeof startChatFake>>;

  beforeAll(async () => {
    // A paid writer (template drafts are free): the texts meant to be in flight together are
    // held at its gate, so its own pace does not matter.
    writer = await startChatFake({ text: `Hello team, ${"a short note ".repeat(16)}`, model: "m" });
    storage = await createStorage();
    // These tests count texts and credits, not a short pool: on a loaded machine a request
    // may wait longer than the default 5 s for one of the pool's connections.
    const env = {
      TRUSTED_PROXY: "1",
      OPENAI_COMPAT_BASE_URL: `${writer.url}/v1`,
      DATABASE_WAIT_TIMEOUT_MS: "60000",
    };
    // The 200-at-once test holds the ledger to account, not the bound on texts in flight.
    const unbounded = { ...env, TEXTS_IN_FLIGHT_PER_OWNER: "1000" };
    [a, b] = await Promise.all([
      startServer(storage, { env: unbounded }),
      startServer(storage, { env: unbounded }),
    ]);
    [boundA, boundB] = await Promise.all([
      startServer(storage, { env }),
      startServer(storage, { env }),
    ]);
  });

  afterAll(async () => {
    await writer?.close();
    await Promise.all([a?.stop(), b?.stop(), boundA?.stop(), boundB?.stop()]);
    await storage?.cleanup();
  });

  const request = {
    content: "A short note to the team",
    language: "english",
    contentType: "email",
  };

  it("one account's 6 texts at once across both instances: 2 written, 4 answered 429", async () => {
    const { token } = await signUp(boundA.url, true);
    const text = (i: number) => () =>
      new ApiClient(i % 2 === 0 ? boundA.url : boundB.url).post("/api/email/generate", request, {
        bearer: token,
      });
    // None is written before every one was refused or reached the writer.
    const responses = await allInFlightAtOnce(writer, [0, 1, 2, 3, 4, 5].map(text));
    const answers = JSON.stringify(responses.map((r) => [r.status, r.body.reason ?? r.body.code]));
    expect(
      responses.filter((r) => r.status === 200),
      answers,
    ).toHaveLength(2);
    expect(
      responses.filter((r) => r.status === 429),
      answers,
    ).toHaveLength(4);
    const status = await new ApiClient(boundB.url).get("/api/credits/status", { bearer: token });
    expect(status.body.credits).toBe(800);
  });

  it("200 parallel generations split across both instances on 1000 credits: exactly 10 succeed", async () => {
    const { token } = await signUp(a.url, true);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new ApiClient(i % 2 === 0 ? a.url : b.url, `2001:db8:5ca1:${i.toString(16)}::1`).post(
          "/api/email/generate",
          request,
          {
            bearer: token,
          },
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 200 && r.body.content)).toHaveLength(10);
    expect(
      responses.filter((r) => ![200, 402, 429].includes(r.status)).map((r) => [r.status, r.body]),
    ).toEqual([]);
    const status = await new ApiClient(b.url).get("/api/credits/status", { bearer: token });
    expect(status.body.credits).toBe(0);
    const activity = await new ApiClient(a.url).get("/api/credits/activity?pageSize=100", {
      bearer: token,
    });
    const total = (activity.body.entries as { delta: number }[]).reduce(
      (sum, e) => sum + e.delta,
      0,
    );
    expect(total).toBe(0);
  });

  it("a session ended on one instance is refused on the other at once: logout, password reset, account deletion", async () => {
    const password = "violet-harbor-42";
    /** The old cookie on B: read once before (so nothing on B may remember it), then after. */
    const refusedOnB = async (end: (onA: ApiClient) => Promise<unknown>) => {
      const { client } = await signUp(a.url, true);
      const oldCookies = new Map(client.cookies);
      /** B, asked with the old cookie every time (B's answers may delete it). */
      const onB = async (send: (b: ApiClient) => Promise<{ status: number }>) => {
        const withOld = new ApiClient(b.url, client.address);
        for (const [name, value] of oldCookies) withOld.cookies.set(name, value);
        return (await send(withOld)).status;
      };
      // Read on B first, so that nothing B might remember of it outlives the end.
      expect(await onB((b) => b.get("/api/auth/me"))).toBe(200);
      expect(await onB((b) => b.get("/api/email/my"))).toBe(200);
      await end(client);
      expect(await onB((b) => b.get("/api/auth/me"))).toBe(401);
      expect(await onB((b) => b.get("/api/email/my"))).toBe(401);
      // A text asked with the dead cookie is a guest's, or refused: never a 500.
      const generate = await onB((b) =>
        b.post("/api/email/generate", {
          content: "A short note to the team",
          language: "english",
          contentType: "email",
        }),
      );
      expect(generate).toBeLessThan(500);
    };

    await refusedOnB((onA) => onA.post("/api/auth/logout"));
    await refusedOnB(async (onA) => {
      const email = (await onA.get("/api/auth/me")).body.user.email as string;
      await onA.post("/api/auth/forgot-password", { email });
      const link = await outboxLink(a.url, email, "reset-password");
      const token = new URL(link).searchParams.get("token");
      const reset = await new ApiClient(a.url).post("/api/auth/reset-password", {
        token,
        newPassword: "amber-meadow-77",
      });
      expect(reset.status).toBe(200);
    });
    await refusedOnB(async (onA) => {
      expect((await onA.post("/api/auth/delete-account", { password })).status).toBe(200);
    });
  });

  it("a rate limit reached on one instance holds on the other", async () => {
    const { email } = await signUp(a.url, false);
    for (let i = 0; i < 10; i++) {
      const response = await new ApiClient(a.url).post("/api/auth/login", {
        email,
        password: "wrong-password-1",
      });
      expect(response.status).toBe(401);
    }
    const other = await new ApiClient(b.url).post("/api/auth/login", {
      email,
      password: "wrong-password-1",
    });
    expect(other.status).toBe(429);
  });

  it("the cleanup job runs on one instance at a time", async () => {
    const config = parseConfig(storage.env);
    const [first, second] = await Promise.all([openDatabase(config), openDatabase(config)]);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // Instance one is in the middle of its run: it holds the job's lock.
      const running = first.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(7240002)`);
        locked();
        await held;
      });
      await isLocked;
      expect(await runCleanup(second.db, new Date())).toEqual({ ran: false });
      release();
      await running;
      expect((await runCleanup(second.db, new Date())).ran).toBe(true);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
