import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, schema } from "#server/db/index.ts";
import { ApiClient, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  waitForLog,
  type RunningServer,
  type Storage,
} from "../support/server.ts";

/**
 * Issue 11, items 1 and 2: the embedded database belongs to one process, and the serving
 * process never runs initdb. (PGlite only: PostgreSQL is many processes by design.)
 */
let storage: Storage;
let server: RunningServer;

beforeAll(async () => {
  storage = await createStorage();
  server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
});

afterAll(async () => {
  await server?.stop();
  await storage?.cleanup();
});

describe.skipIf(usingPostgres)("the embedded database", () => {
  it("is created by a process of its own on first start", () => {
    expect(server.logs.map((entry) => entry.msg)).toContain(
      "created the embedded database (initdb ran in its own process)",
    );
  });

  it("refuses a second process on the same data folder with a clear error; the first keeps serving", async () => {
    const second = startServer(storage, { env: { TRUSTED_PROXY: "1" } });
    await expect(second).rejects.toThrow(
      new RegExp(
        `The embedded database in ${storage.env.DATA_DIR} is in use by process ${server.process.pid}`,
      ),
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const { client } = await signUp(server.url, true);
    expect((await client.get("/api/credits/status")).body.credits).toBe(1000);
  });

  it("opens an existing folder without creating it again", async () => {
    await server.stop();
    server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
    expect(server.logs.map((entry) => entry.msg)).not.toContain(
      "created the embedded database (initdb ran in its own process)",
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("rehearses a visitor's writes after start, answering requests meanwhile, and keeps none of them", async () => {
    await server.stop();
    server = await startServer(storage, {
      env: { TRUSTED_PROXY: "1", DATABASE_WARM_UP: "300", LOG_LEVEL: "debug" },
      warmUp: true,
    });
    const warmed = waitForLog(server, (entry) => entry.msg === "database warmed up", 60_000);
    const guest = new ApiClient(server.url);
    const draft = await guest.post("/api/email/generate", {
      content: "A note to my neighbour.",
      language: "english",
      contentType: "letter",
    });
    expect(draft.status).toBe(200);
    const answered = await waitForLog(
      server,
      (entry) => entry.msg === "request" && entry.path === "/api/email/generate",
    );
    expect((await warmed).rounds).toBe(300);
    // The draft was answered while the rehearsals went on, not after them.
    expect(server.logs.indexOf(answered)).toBeLessThan(server.logs.indexOf(await warmed));
    await server.stop();

    const handle = await openDatabase(parseConfig(storage.env));
    try {
      const rows = async (table: typeof schema.guests | typeof schema.generations) =>
        (await handle.db.select({ n: count() }).from(table))[0]!.n;
      const ledger = await handle.db
        .select({ n: count() })
        .from(schema.creditLedger)
        .where(eq(schema.creditLedger.reason, "guest_trial"));
      // The one visitor and their draft; none of the 300 rehearsed guests, drafts or debits.
      expect({ guests: await rows(schema.guests), texts: await rows(schema.generations) }).toEqual({
        guests: 1,
        texts: 1,
      });
      expect(ledger[0]!.n).toBe(1);
      const rateLimits = await handle.db
        .select({ n: count() })
        .from(schema.rateLimits)
        .where(eq(schema.rateLimits.key, "rehearsal"));
      expect(rateLimits[0]!.n).toBe(0);
    } finally {
      await handle.close();
    }
    // Two starts, 300 rehearsals and an open of the folder: slow machines need the time.
  }, 120_000);
});
