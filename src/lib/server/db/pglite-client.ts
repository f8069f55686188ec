import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { countQuery } from "./query-count.ts";
import { deserializeError, type PgliteReply, type PgliteRequest } from "./pglite-protocol.ts";

/** Small buffers: the embedded database serves one site, not a data warehouse. */
const POSTGRESQL_CONF = ["shared_buffers=8MB", "work_mem=2MB", "maintenance_work_mem=16MB"];

export type Call = PgliteRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;

interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, unknown>;
}

export class DataDirInUse extends Error {
  override name = "DataDirInUse";
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * One PGlite per data folder (it is a single-process database): a lock file with the
 * owner's pid, taken atomically; a lock left by a process that no longer runs is taken
 * over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = resolve(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8").trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processIsAlive(owner)) {
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is in use by process ${owner}. Stop that server, or give this one another DATA_DIR (or a DATABASE_URL).`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUse(`Could not lock the embedded database in ${dataDir}.`);
}

/**
 * A new data folder is made by initdb, which leaves PGlite's process at 700–800 MB. It runs
 * in a short-lived process of its own, so that the server only ever opens a folder that
 * exists (docs/decisions/033).
 */
export function createDataDirIfMissing(pgDir: string): boolean {
  if (existsSync(resolve(pgDir, "PG_VERSION"))) return false;
  const script = resolve("src/lib/server/db/pglite-create.ts");
  const seed = resolve("dist/pglite-seed.tar.gz");
  const created = spawnSync(process.execPath, [script, pgDir, seed], { encoding: "utf8" });
  if (created.status !== 0) {
    throw new Error(`Could not create the embedded database in ${pgDir}: ${created.stderr.trim()}`);
  }
  return true;
}

/**
 * The thread's script: its TypeScript source where this module runs from source (tests,
 * `astro dev`), the bundle scripts/build-server.ts wrote where it runs built, so that
 * the thread never loads Node's type stripper (decision 045).
 */
const THREAD_SCRIPT = import.meta.url.endsWith(".ts")
  ? new URL("./pglite-thread.ts", import.meta.url)
  : resolve("dist/server/pglite-thread.mjs");

/**
 * PGlite on a thread of its own, seen through the part of PGlite's interface that drizzle
 * uses (`query`, `exec`, `transaction`). Every query crosses to the thread and back, so the
 * server's event loop never waits on one.
 */
export class PgliteThreadClient {
  #worker: Worker;
  #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #failure: Error | null = null;
  #release: () => void;

  private constructor(worker: Worker, release: () => void) {
    this.#worker = worker;
    this.#release = release;
    worker.on("message", (reply: PgliteReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(deserializeError(reply.error));
    });
    const fail = (error: Error) => {
      // Reads as "the database is unavailable" (db/errors.ts): requests answer 503.
      this.#failure = Object.assign(new Error(`Connection terminated: ${error.message}`), {
        code: "08006",
      });
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
      release();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the database thread exited with ${code}`)));
  }

  /** `created` is told when the folder was new (made by a process of its own). */
  static async start(options: {
    dataDir: string;
    migrationsFolder: string;
    created?: (pgDir: string) => void;
  }): Promise<PgliteThreadClient> {
    const pgDir = resolve(options.dataDir, "pglite");
    const release = lockDataDir(options.dataDir);
    try {
      if (createDataDirIfMissing(pgDir)) options.created?.(pgDir);
      const worker = new Worker(THREAD_SCRIPT, {
        workerData: {
          dataDir: pgDir,
          migrationsFolder: options.migrationsFolder,
          postgresqlconf: POSTGRESQL_CONF,
        },
      });
      await new Promise<void>((ready, failed) => {
        const onMessage = (reply: PgliteReply) => {
          if (reply.id !== 0) return;
          worker.off("message", onMessage);
          worker.off("error", failed);
          ready();
        };
        worker.on("message", onMessage);
        worker.once("error", failed);
        worker.once("exit", (code) => failed(new Error(`the database thread exited with ${code}`)));
      });
      return new PgliteThreadClient(worker, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  #call(message: Call): Promise<any> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id } as PgliteRequest);
    });
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}, txId?: number) {
    return this.#call({
      op: "query",
      sql,
      params,
      rowMode: options.rowMode ?? "object",
      // drizzle asks for some types as PostgreSQL's text (it parses dates itself).
      rawTypes: Object.keys(options.parsers ?? {}).map(Number),
      txId,
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#query(sql, params, options);
  }

  exec(sql: string) {
    return this.#call({ op: "exec", sql });
  }

  async transaction<T>(callback: (tx: unknown) => Promise<T>): Promise<T> {
    // drizzle logs the statements inside; begin and commit are ours (PostgreSQL's are logged).
    countQuery();
    const txId = (await this.#call({ op: "begin" })) as number;
    const tx = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query(sql, params, options, txId),
      exec: (sql: string) => this.#call({ op: "exec", sql, txId }),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      countQuery();
      await this.#call({ op: "end", txId, commit: false }).catch(() => {});
      throw error;
    }
    countQuery();
    await this.#call({ op: "end", txId, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#call({ op: "close" }).catch(() => {});
    await this.#worker.terminate();
    this.#release();
  }
}
