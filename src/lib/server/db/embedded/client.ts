import { resolve } from "node:path";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import { keepToOwner } from "#server/data-dir.ts";
import { isDatabaseUnavailable } from "../errors.ts";
import { countQuery } from "../query-count.ts";
import { createDataDirIfMissing, lockDataDir, probeFolder } from "./data-folder.ts";
import {
  abandonTurn,
  deserializeError,
  newTurn,
  type PgliteReply,
  type PgliteRequest,
} from "./messages.ts";

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

/**
 * The thread's script: its TypeScript source where this module runs from source (tests,
 * `astro dev`), the bundle scripts/build-server.ts wrote where it runs built, so that
 * the thread never loads Node's type stripper (decision 002).
 */
const THREAD_SCRIPT = import.meta.url.endsWith(".ts")
  ? new URL("./thread.ts", import.meta.url)
  : resolve("dist/server/pglite-thread.mjs");

interface ThreadOptions {
  dataDir: string;
  pgDir: string;
  migrationsFolder: string;
  /** How long a statement or a transaction waits for the session before it gives up. */
  waitTimeoutMs: number;
}

/**
 * PGlite's WebAssembly runs on V8's baseline compiler only (decision 033). V8 would
 * otherwise recompile Postgres's hottest functions with its optimising compiler during the
 * first writes, a memory peak that alone passes DESIGN §11's budget. Set before the thread
 * compiles the module, and only when this process opens an embedded database.
 */
function baselineWebAssemblyOnly(): void {
  setFlagsFromString("--no-wasm-tier-up");
  setFlagsFromString("--no-wasm-dynamic-tiering");
}

/**
 * Starts the thread on an existing folder; resolves once it has migrated and answers, and
 * the data folder is its user's alone again (data-dir.ts: what PGlite unpacked or rewrote
 * on opening).
 */
async function startThread(options: ThreadOptions): Promise<Worker> {
  baselineWebAssemblyOnly();
  const worker = new Worker(THREAD_SCRIPT, {
    workerData: {
      dataDir: options.pgDir,
      migrationsFolder: options.migrationsFolder,
      postgresqlconf: POSTGRESQL_CONF,
    },
  });
  try {
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
    await keepToOwner(options.dataDir);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}

/** Reads as "the database is unavailable" (db/errors.ts): requests answer 503. */
function unavailable(message: string): Error {
  return Object.assign(new Error(`Connection terminated: ${message}`), { code: "08006" });
}

/**
 * The session stayed busy (a long transaction or statement, a queue of them) past the
 * wait: as a pool with no free client, read as "unavailable" (53300, too many connections).
 */
function sessionBusy(waitMs: number): Error {
  return Object.assign(
    new Error(`timeout exceeded when waiting ${waitMs} ms for the embedded database's session`),
    { code: "53300" },
  );
}

/**
 * After a disk fault PGlite may stay wedged even once the disk is fine again (its file
 * system layer keeps what it last saw of a file's permissions): once the folder takes a
 * file again, the next call ends the thread and opens a new one on the same folder. One
 * attempt per this many milliseconds; calls meanwhile fail at once.
 */
const REOPEN_INTERVAL_MS = 1_000;

/**
 * PGlite on a thread of its own, seen through the part of PGlite's interface that drizzle
 * uses (`query`, `exec`, `transaction`). Every query crosses to the thread and back, so the
 * server's event loop never waits on one.
 */
export class PgliteThreadClient {
  #worker!: Worker;
  #pending = new Map<
    number,
    {
      resolve: (value: unknown) => void;
      reject: (error: Error) => void;
      /** Gives up a wait for the session (see #send). */
      timer?: NodeJS.Timeout;
    }
  >();
  #nextId = 1;
  /** Set when the thread died or a statement met a fault of the disk: the next call reopens. */
  #broken: Error | null = null;
  #reopening: Promise<void> | null = null;
  #nextReopenAt = 0;
  #closed = false;
  readonly #options: ThreadOptions;
  readonly #reopened: (error: Error | null) => void;
  readonly #release: () => void;

  private constructor(
    worker: Worker,
    options: ThreadOptions,
    release: () => void,
    reopened: (error: Error | null) => void,
  ) {
    this.#options = options;
    this.#release = release;
    this.#reopened = reopened;
    this.#attach(worker);
  }

  #attach(worker: Worker): void {
    this.#worker = worker;
    worker.on("message", (reply: PgliteReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.ok) {
        pending.resolve(reply.value);
        return;
      }
      const error = deserializeError(reply.error);
      if (isDatabaseUnavailable(error)) this.#markBroken(error);
      pending.reject(error);
    });
    const fail = (error: Error) => {
      if (this.#worker !== worker) return;
      this.#markBroken(unavailable(error.message));
      this.#rejectPending(this.#broken!);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the database thread exited with ${code}`)));
  }

  #markBroken(error: Error): void {
    this.#broken = error;
  }

  #rejectPending(error: Error): void {
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }

  /** `created` is told when the folder was new (made by a process of its own). */
  static async start(options: {
    dataDir: string;
    migrationsFolder: string;
    waitTimeoutMs: number;
    created?: (pgDir: string) => void;
    /** Told of each reopen after a fault: null when it worked, else why not. */
    reopened?: (error: Error | null) => void;
  }): Promise<PgliteThreadClient> {
    const pgDir = resolve(options.dataDir, "pglite");
    // The lock is this process's until close, across reopens.
    const release = lockDataDir(options.dataDir);
    try {
      if (createDataDirIfMissing(pgDir)) options.created?.(pgDir);
      const thread = {
        dataDir: options.dataDir,
        pgDir,
        migrationsFolder: options.migrationsFolder,
        waitTimeoutMs: options.waitTimeoutMs,
      };
      const worker = await startThread(thread);
      return new PgliteThreadClient(worker, thread, release, options.reopened ?? (() => {}));
    } catch (error) {
      release();
      throw error;
    }
  }

  /** One reopen at a time, whoever asks: every caller waits for the same one. */
  #reopen(): Promise<void> {
    this.#reopening ??= this.#replaceThread().finally(() => (this.#reopening = null));
    return this.#reopening;
  }

  async #replaceThread(): Promise<void> {
    const broken = this.#broken!;
    if (this.#closed) throw broken;
    // Within the interval the fault stands: callers fail at once rather than queue.
    if (Date.now() < this.#nextReopenAt) throw broken;
    // While the folder itself refuses a file, a new thread would fail too, and cost seconds.
    try {
      await probeFolder(this.#options.pgDir);
    } catch {
      this.#nextReopenAt = Date.now() + REOPEN_INTERVAL_MS;
      throw broken;
    }
    // Not closed but ended: a close would checkpoint, and the disk just failed. PostgreSQL
    // recovers from its log on the next open; transactions left open were never committed.
    const old = this.#worker;
    await old.terminate();
    this.#rejectPending(broken);
    let worker: Worker;
    try {
      worker = await startThread(this.#options);
    } catch (error) {
      const reason = error instanceof Error ? error.message : JSON.stringify(error);
      const failure = unavailable(`could not reopen the embedded database: ${reason}`);
      this.#broken = failure;
      this.#reopened(failure);
      throw failure;
    } finally {
      // Also after a reopen that worked: a disk still failing must not reopen on every call.
      this.#nextReopenAt = Date.now() + REOPEN_INTERVAL_MS;
    }
    if (this.#closed) {
      await worker.terminate();
      throw broken;
    }
    this.#attach(worker);
    this.#broken = null;
    this.#reopened(null);
  }

  /**
   * Posts a message to the current thread and awaits its answer. A statement outside a
   * transaction, or a transaction's begin, waits in line for the session: past the wait
   * it fails (503) and, its turn abandoned, the thread never runs it.
   */
  #send(message: Call): Promise<unknown> {
    const id = this.#nextId++;
    const waits =
      message.op === "begin" ||
      ((message.op === "query" || message.op === "exec") && !message.txId);
    const turn = waits ? newTurn() : undefined;
    return new Promise((resolve, reject) => {
      const timer = turn
        ? setTimeout(() => {
            if (!abandonTurn(turn)) return;
            this.#pending.delete(id);
            reject(sessionBusy(this.#options.waitTimeoutMs));
          }, this.#options.waitTimeoutMs)
        : undefined;
      this.#pending.set(id, { resolve, reject, timer });
      this.#worker.postMessage({ ...message, id, ...(turn ? { turn } : {}) } as PgliteRequest);
    });
  }

  /**
   * A statement outside a transaction first reopens a broken thread. One inside a
   * transaction goes to the thread that began it, and fails if that thread was replaced:
   * a new thread's transaction numbers mean other transactions.
   */
  async #call(message: Call, thread?: Worker): Promise<unknown> {
    if (this.#closed) throw unavailable("the embedded database is closed");
    if (thread) {
      if (thread !== this.#worker) throw unavailable("the database thread was replaced");
    } else if (this.#broken) {
      await this.#reopen();
    }
    return this.#send(message);
  }

  #query(
    sql: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    thread?: Worker,
    txId?: number,
  ) {
    return this.#call(
      {
        op: "query",
        sql,
        params,
        rowMode: options.rowMode ?? "object",
        // drizzle asks for some types as PostgreSQL's text (it parses dates itself).
        rawTypes: Object.keys(options.parsers ?? {}).map(Number),
        txId,
      },
      thread,
    );
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
    if (this.#broken) await this.#reopen();
    const thread = this.#worker;
    const txId = (await this.#call({ op: "begin" }, thread)) as number;
    const tx = {
      query: (sql: string, params?: unknown[], options?: QueryOptions) =>
        this.#query(sql, params, options, thread, txId),
      exec: (sql: string) => this.#call({ op: "exec", sql, txId }, thread),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      countQuery();
      await this.#call({ op: "end", txId, commit: false }, thread).catch(() => {});
      throw error;
    }
    countQuery();
    await this.#call({ op: "end", txId, commit: true }, thread);
    return result;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#reopening?.catch(() => {});
    if (!this.#broken) await this.#send({ op: "close" }).catch(() => {});
    await this.#worker.terminate();
    this.#rejectPending(unavailable("the embedded database is closed"));
    this.#release();
  }
}
