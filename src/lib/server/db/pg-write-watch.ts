import type { Pool, PoolClient } from "pg";
import { statementMayWrite } from "./pglite-client.ts";

export interface WatchTimings {
  /** How long the watch waits before listening again after losing its connection. */
  relistenMs: number;
  /** How often it checks that a notice still reaches it, and how long one may take. */
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
}

const TIMINGS: WatchTimings = { relistenMs: 1_000, heartbeatMs: 15_000, heartbeatTimeoutMs: 5_000 };

/**
 * Counts the writes a PostgreSQL database may have seen, for reads kept until the next
 * write (decision 051). This process's own statements that may write are counted when
 * sent and when answered, as on the embedded database (decision 046); other instances'
 * (and psql's) writes to the tables whose reads are kept arrive as notifications on
 * channel `app_writes`, sent at their commit by triggers (drizzle/0005). The listening
 * connection counts as live only once a notice of its own, sent through the pool, has
 * reached it, and again every 15 s: a connection that died without a word, or a pooler
 * that drops notices, is caught within 20 s. While it is not live nobody can know, so
 * `epoch` is null and every read goes to the database; becoming live counts as a write.
 */
export class PgWriteWatch {
  #epoch = 0;
  /** The listening connection, once live. */
  #listener: import("pg").Client | null = null;
  /** The connection being set up or live, and how to give it up. */
  #connection: { client: import("pg").Client; lost: () => void } | null = null;
  #pool: Pool | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #beats = 0;
  /** The notice the watch waits for, and the timer that gives up on it. */
  #awaited: { payload: string; timer: NodeJS.Timeout } | null = null;

  readonly #pg: typeof import("pg").default;
  readonly #connectionString: string;
  readonly #timings: WatchTimings;

  constructor(
    pg: typeof import("pg").default,
    connectionString: string,
    timings: Partial<WatchTimings> = {},
  ) {
    this.#pg = pg;
    this.#connectionString = connectionString;
    this.#timings = { ...TIMINGS, ...timings };
  }

  /** The count, or null while other instances' writes cannot be heard. */
  get epoch(): number | null {
    return this.#listener ? this.#epoch : null;
  }

  /** Counts the writes of every connection the pool opens. */
  watch(pool: Pool): void {
    this.#pool = pool;
    pool.on("connect", (client) => this.#countWrites(client));
    void this.#listen();
    this.#heartbeat = setInterval(() => void this.#beat(), this.#timings.heartbeatMs);
    this.#heartbeat.unref();
  }

  #countWrites(client: PoolClient): void {
    const query = client.query as (...args: unknown[]) => unknown;
    const wrote = () => this.#epoch++;
    client.query = ((...args: unknown[]) => {
      const config = args[0] as string | { text?: unknown } | undefined;
      const text = typeof config === "string" ? config : config?.text;
      const writes = typeof text !== "string" || statementMayWrite(text);
      if (!writes) return query.apply(client, args);
      wrote();
      // Answered: by promise, or (as the pool itself asks) by callback.
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === "function") {
        args[last] = (...answer: unknown[]) => {
          wrote();
          return (callback as (...answer: unknown[]) => unknown)(...answer);
        };
      }
      const result = query.apply(client, args);
      if (result instanceof Promise) result.then(wrote, wrote);
      return result;
    }) as PoolClient["query"];
  }

  async #listen(): Promise<void> {
    const listener = new this.#pg.Client({
      connectionString: this.#connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      listener.removeAllListeners();
      listener.on("error", () => {});
      void listener.end().catch(() => {});
      if (this.#connection?.client === listener) this.#connection = null;
      if (this.#listener === listener) this.#listener = null;
      if (this.#awaited) clearTimeout(this.#awaited.timer);
      this.#awaited = null;
      this.#epoch++;
      if (this.#closed) return;
      this.#retry = setTimeout(() => void this.#listen(), this.#timings.relistenMs);
      this.#retry.unref();
    };
    this.#connection = { client: listener, lost };
    listener.on("error", lost);
    listener.on("end", lost);
    listener.on("notification", (notice) => {
      this.#epoch++;
      const awaited = this.#awaited;
      if (!awaited || notice.payload !== awaited.payload) return;
      clearTimeout(awaited.timer);
      this.#awaited = null;
      if (this.#listener !== listener) {
        this.#listener = listener;
        this.#epoch++;
      }
    });
    try {
      await listener.connect();
      await listener.query("listen app_writes");
    } catch {
      lost();
      return;
    }
    if (gone) return;
    if (this.#closed) {
      lost();
      return;
    }
    await this.#beat();
  }

  /** Sends a notice through the pool; the connection is given up if it does not arrive. */
  async #beat(): Promise<void> {
    const connection = this.#connection;
    if (!connection || !this.#pool || this.#awaited) return;
    const payload = `heartbeat ${process.pid} ${++this.#beats}`;
    const timer = setTimeout(() => {
      if (this.#awaited?.payload === payload) connection.lost();
    }, this.#timings.heartbeatTimeoutMs);
    timer.unref();
    this.#awaited = { payload, timer };
    // A failure (the database down) is the timer's to act on.
    await this.#pool.query("select pg_notify('app_writes', $1)", [payload]).catch(() => {});
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    this.#connection?.lost();
  }
}
