import { describe, expect, it } from "vitest";
import { signUp } from "../support/client.ts";
import { startServer, usingPostgres } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 11, items 1 and 2: the embedded database belongs to one process, and the serving
 * process never runs initdb. (PGlite only: PostgreSQL is many processes by design.)
 */
const server = useServer({ env: { TRUSTED_PROXY: "1" } });

describe.skipIf(usingPostgres)("the embedded database", () => {
  it("is created by a process of its own on first start", () => {
    expect(server.logs.map((entry) => entry.msg)).toContain(
      "created the embedded database (initdb ran in its own process)",
    );
  });

  it("refuses a second process on the same data folder with a clear error; the first keeps serving", async () => {
    const second = startServer(server.storage, { env: { TRUSTED_PROXY: "1" } });
    await expect(second).rejects.toThrow(
      new RegExp(
        `The embedded database in ${server.storage.env.DATA_DIR} is in use by process ${server.process.pid}`,
      ),
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const { client } = await signUp(server.url, true);
    expect((await client.get("/api/credits/status")).body.credits).toBe(1000);
  });

  it("opens an existing folder without creating it again", async () => {
    await server.restart();
    expect(server.logs.map((entry) => entry.msg)).not.toContain(
      "created the embedded database (initdb ran in its own process)",
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
