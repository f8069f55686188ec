import { spawn } from "node:child_process";
import { mkdir, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PGLITE_EXTENSIONS } from "#server/db/embedded/extensions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { postGenerate, QUARTERLY_EMAIL } from "../support/generate.ts";
import { SERVER_NODE_FLAGS, usingPostgres, type Storage } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/** Issue 21, items 1 and 5: an old build never serves a newer database; backups round-trip. */
const server = useServer({
  writer: { text: "Dear team, the quarter went well.", model: "llama3.2" },
  env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_API_KEY: "test-local-key" },
});

/** Runs a command of the project against the storage; resolves with its exit and output. */
function run(
  args: string[],
  storage: Storage,
  program = process.execPath,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", LOG_LEVEL: "info", ...storage.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `db:backup` into `dir`, on a disk with room for 64 KiB where the backup needs megabytes:
 * a tmpfs mounted in a mount namespace of the command's own (it goes when the command
 * does; `--map-root-user` lets a user who is not root mount it too). What `dir` holds
 * afterwards is the last line of stdout.
 */
function backUpOntoAFullDisk(dir: string, storage: Storage) {
  const script = [
    'mount -t tmpfs -o size=64k tmpfs "$1" || exit 99',
    '"$2" scripts/db-backup.ts backup "$1/site.tar.gz"',
    "code=$?",
    'echo "left: $(ls -A "$1")"',
    'exit "$code"',
  ].join("\n");
  const args = ["--mount", "--map-root-user", "sh", "-c", script, "sh", dir, process.execPath];
  return run(args, storage, "unshare");
}

/** What a newer version's migration leaves: a row of drizzle's newer than any of ours. */
async function migrateAsANewerVersionWould(storage: Storage): Promise<void> {
  const insert = "insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)";
  const values: unknown[] = ["from-a-newer-version", 4_102_444_800_000];
  if (storage.databaseUrl) {
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    await client.query(insert, values);
    await client.end();
  } else {
    const db = await PGlite.create(join(storage.dataDir, "pglite"), {
      extensions: PGLITE_EXTENSIONS,
    });
    await db.query(insert, values);
    await db.close();
  }
}

async function writeAText(client: ApiClient): Promise<void> {
  const answer = await postGenerate(server.url, client, QUARTERLY_EMAIL, { stream: false });
  expect(answer.status).toBe(200);
}

/** The same browser, after a restart moved the server to another port. */
function sameBrowser(client: ApiClient): ApiClient {
  const again = new ApiClient(server.url, client.address);
  for (const [name, value] of client.cookies) again.cookies.set(name, value);
  return again;
}

/** What a person sees of their account: texts and ledger. */
async function accountView(client: ApiClient) {
  const texts = await client.get("/api/email/my");
  const ledger = await client.get("/api/credits/activity");
  const balance = await client.get("/api/credits/status");
  expect([texts.status, ledger.status, balance.status]).toEqual([200, 200, 200]);
  return { texts: texts.body, ledger: ledger.body, credits: balance.body.credits };
}

describe.skipIf(usingPostgres)("db:backup and db:restore (the embedded database)", () => {
  it("refuse while the server holds the database, naming what to do", async () => {
    const backup = await run(
      ["scripts/db-backup.ts", "backup", join(server.storage.dataDir, "b.tar.gz")],
      server.storage,
    );
    expect(backup.code).toBe(1);
    expect(backup.stderr.trim()).toBe(
      `The embedded database in ${server.storage.dataDir} is in use by process ${server.process.pid}: stop the server first, then run this again.`,
    );
  });

  it("round-trip the texts and the ledger", async () => {
    const { client } = await signUp(server.url, true);
    await writeAText(client);
    const before = await accountView(client);
    expect(before.credits).toBe(900);
    await server.stop();

    const file = join(server.storage.dataDir, "before-upgrade.tar.gz");
    const backup = await run(["scripts/db-backup.ts", "backup", file], server.storage);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`to ${file}`);
    // Password hashes and every text: the backup is its user's alone, and whole.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(
      (await readdir(server.storage.dataDir)).filter((name) => name.endsWith(".part")),
    ).toEqual([]);

    // Life goes on after the backup: another text, another charge.
    await server.restart();
    await writeAText(sameBrowser(client));
    expect((await accountView(sameBrowser(client))).credits).toBe(800);
    await server.stop();

    const restore = await run(["scripts/db-backup.ts", "restore", file], server.storage);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/The folder it replaced is kept in .*pglite\.before-restore-/);
    // PGlite unpacks each file 0666: the restored folder is its user's alone again.
    expect((await stat(join(server.storage.dataDir, "pglite/PG_VERSION"))).mode & 0o777).toBe(
      0o600,
    );
    await server.restart();
    expect(await accountView(sameBrowser(client))).toEqual(before);
  });

  it("on a full disk, or any failed write, refuses in one line and leaves no file", async () => {
    await server.stop();
    const dir = join(server.storage.dataDir, "full-disk");
    await mkdir(dir);
    const full = await backUpOntoAFullDisk(dir, server.storage);
    expect(full.code, full.stderr).toBe(1);
    expect(full.stderr).toBe(
      `Could not write the backup to ${dir}/site.tar.gz: the disk is full (ENOSPC). No backup was written.\n`,
    );
    // The backup's megabytes met the 64 KiB: the part written was removed.
    expect(full.stdout.trim().split("\n").at(-1)).toBe("left:");

    // A folder that cannot be made: a file stands where it would go.
    const target = join(server.storage.dataDir, "pglite", "PG_VERSION", "site.tar.gz");
    const notAFolder = await run(["scripts/db-backup.ts", "backup", target], server.storage);
    expect(notAFolder.code).toBe(1);
    expect(notAFolder.stderr).toBe(
      `Could not write the backup to ${target}: a part of the path is a file, not a folder (ENOTDIR). No backup was written.\n`,
    );
    await server.restart();
  });

  it("restore of a file that is no backup changes nothing", async () => {
    const { client } = await signUp(server.url, true);
    const before = await accountView(client);
    await server.stop();
    const restore = await run(["scripts/db-backup.ts", "restore", "package.json"], server.storage);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(
      /^\/.*package\.json is not a backup made by npm run db:backup\. Nothing was changed\.\n$/,
    );
    await server.restart();
    expect(await accountView(sameBrowser(client))).toEqual(before);
  });
});

describe("an old build against a database a newer version migrated", () => {
  it("refuses to start, in one line, as db:migrate does", async () => {
    await server.stop();
    await migrateAsANewerVersionWould(server.storage);
    const started = await run([...SERVER_NODE_FLAGS, "dist/server/main.mjs"], server.storage);
    expect(started.code).toBe(1);
    expect(started.stderr).toMatch(
      /^This database was migrated by a newer version of the app \(a migration of 2100-01-01 00:00; this build's newest is \d{4}_\w+\)\. Start the newer version, or restore the backup taken before it \(docs\/operations.md, "Upgrading and backups"\)\.\n$/,
    );
    // `npm run db:migrate` from the sources refuses the same way.
    const migrate = await run(["scripts/migrate.ts"], server.storage);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(/^This database was migrated by a newer version/);
  });
});
