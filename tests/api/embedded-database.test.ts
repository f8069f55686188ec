import { chmod, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/client.ts";
import { startServer, usingPostgres } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 11, items 1 and 2: the embedded database belongs to one process, and the serving
 * process never runs initdb. Issue 24: its folder is its user's alone. (PGlite only:
 * PostgreSQL is many processes by design.)
 */
const server = useServer({ env: { TRUSTED_PROXY: "1" } });

/** The data folder and everything under it, with each one's permission bits. */
async function modesUnder(dir: string): Promise<Map<string, number>> {
  const modes = new Map([[".", (await stat(dir)).mode & 0o777]]);
  for (const entry of await readdir(dir, { recursive: true })) {
    // The running database may remove a file between the listing and its stat.
    const found = await stat(join(dir, entry)).catch(() => null);
    if (found) modes.set(entry, found.mode & 0o777);
  }
  return modes;
}

/** What the group or anyone else may read, write or enter, as "path 644". */
function openToOthers(modes: Map<string, number>): string[] {
  return [...modes].filter(([, mode]) => mode & 0o077).map(([p, m]) => `${p} ${m.toString(8)}`);
}

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

  it("keeps what it creates to its user: no file or folder open to the group or others", async () => {
    // Something written: an account, its ledger, the database's own files after writes.
    const { client } = await signUp(server.url, true);
    expect((await client.get("/api/credits/status")).status).toBe(200);
    const modes = await modesUnder(server.storage.dataDir);
    // PGlite's whole folder, not an empty one: a seed unpacks over a thousand files.
    expect(modes.size).toBeGreaterThan(500);
    expect(openToOthers(modes)).toEqual([]);
    expect(modes.get(".")).toBe(0o700);
    expect(modes.get("pglite/PG_VERSION")).toBe(0o600);
    expect(modes.get("pglite/base")).toBe(0o700);
  });

  it("takes the group's and others' access off a folder an older version left open", async () => {
    await server.stop();
    const { dataDir } = server.storage;
    for (const path of (await modesUnder(dataDir)).keys()) {
      const full = join(dataDir, path);
      await chmod(full, (await stat(full)).isDirectory() ? 0o777 : 0o666);
    }
    const open = openToOthers(await modesUnder(dataDir));
    expect(open.length).toBeGreaterThan(500);
    await server.restart();
    expect(openToOthers(await modesUnder(dataDir))).toEqual([]);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
