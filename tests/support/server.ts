import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** Every log line the server printed, parsed. */
  logs: Record<string, unknown>[];
  /** SIGTERM, then waits for exit; returns the exit code. */
  stop(): Promise<number | null>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /**
   * Flags for the server's Node (the benchmark compares V8 flags). On the command line,
   * since NODE_OPTIONS refuses most V8 flags.
   */
  nodeFlags?: string[];
  /** Reuse a data directory or database from an earlier start (a restart). */
  reuse?: { dataDir?: string; databaseUrl?: string };
  /** Start under `ulimit -n` of this many open files. */
  openFiles?: number;
  /**
   * Start without root's power over file modes (CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH
   * dropped by `setpriv`), as a server that is not root runs: a folder made read-only is
   * then read-only to it. The suites run as root, whom chmod alone does not stop.
   */
  fileModesApply?: boolean;
  /** Start as `npm start` does: server/start.mjs. */
  asNpmStart?: boolean;
}

/** A fresh database on the PostgreSQL server named by TEST_DATABASE_URL. */
async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface Storage {
  env: Record<string, string>;
  dataDir: string;
  databaseUrl?: string;
  cleanup(): Promise<void>;
}

/** A data directory, plus a scratch PostgreSQL database when TEST_DATABASE_URL is set. */
export async function createStorage(): Promise<Storage> {
  const dataDir = await mkdtemp(join(tmpdir(), "aitext-api-"));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    env: { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "" },
    async cleanup() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server's Node flags, as `npm start`, `npm run serve` and the Docker image give them
 * (docs/decisions/078; tests/unit/config.test.ts keeps them the same).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=1536"];

/** Starts the built server (`node dist/server/main.mjs`) on a free loopback port. */
export async function startServer(
  storage: Storage,
  options: StartOptions = {},
): Promise<RunningServer> {
  const entry = options.asNpmStart ? "server/start.mjs" : "dist/server/main.mjs";
  const main = [...SERVER_NODE_FLAGS, ...(options.nodeFlags ?? []), entry];
  const [command, args] = options.openFiles
    ? [
        "sh",
        ["-c", `ulimit -n ${options.openFiles} && exec "$0" ${main.join(" ")}`, process.execPath],
      ]
    : [process.execPath, main];
  const [program, programArgs] = options.fileModesApply
    ? ["setpriv", ["--bounding-set=-dac_override,-dac_read_search", command, ...args]]
    : [command, args];
  const child = spawn(program as string, programArgs as string[], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      PUBLIC_URL: "http://localhost:4321",
      ...storage.env,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });

  const port = await new Promise<number>((resolve, reject) => {
    // A fresh folder takes ~10 s here alone, over 60 s beside other work at a load of 20: a
    // bound on a hang. A server that never listened is killed, not left after its test.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server did not start in 120 s:\n${stderr}`));
    }, 120_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${stderr}`));
    });
    lines.on("line", (line) => {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        return;
      }
      logs.push(entry);
      if (entry.msg === "listening") {
        clearTimeout(timer);
        resolve(entry.port as number);
      }
    });
  });

  // A server that dies under a test (a native crash, an unhandled error) says so, with
  // what it printed, instead of leaving only a reset connection behind.
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (stopping || (code === 0 && signal === null)) return;
    console.error(`server exited without stop() (code ${code}, signal ${signal}):\n${stderr}`);
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("close", (code) => resolve(code));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    logs,
    async stop() {
      stopping = true;
      if (child.exitCode === null) child.kill("SIGTERM");
      const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timeout);
      return code;
    },
  };
}

/**
 * Waits for a log line (stdout is read asynchronously, so it can trail the answer, by
 * seconds on a loaded machine: the default bounds a hang).
 */
export async function waitForLog(
  server: RunningServer,
  matches: (entry: Record<string, unknown>) => boolean,
  timeoutMs = 30_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entry = server.logs.find(matches);
    if (entry) return entry;
    if (Date.now() > deadline) throw new Error("the expected log line never came");
    await new Promise((done) => setTimeout(done, 25));
  }
}
