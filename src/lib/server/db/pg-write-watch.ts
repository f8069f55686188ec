import type { Pool, PoolClient } from "pg";
import { statementMayWrite } from "./pglite-client.ts";

/** How long the watch waits before listening again after losing its connection. */
const RELISTEN_MS = 1_000;

/**
 * Counts the writes a PostgreSQL database may have seen, for reads kept until the next
 * write (decision 051). This process's own statements that may write are counted when
 * sent and when answered, as on the embedded database (decision 046); other instances'
 * (and psql's) writes to the tables whose reads are kept arrive as notifications on
 * channel `app_writes`, sent at their commit by triggers (drizzle/0005). While the
 * listening connection is down nobody can know, so `epoch` is null and every read goes to
 * the database; coming back counts as a write.
 */
export class PgWriteWatch {
  #epoch = 0;
  #listener: import("pg").Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  readonly #pg: typeof import("pg").default;
  readonly #connectionString: string;

  constructor(pg: typeof import("pg").default, connectionString: string) {
    this.#pg = pg;
    this.#connectionString = connectionString;
  }

  /** The count, or null while other instances' writes cannot be heard. */
  get epoch(): number | null {
    return this.#listener ? this.#epoch : null;
  }

  /** Counts the writes of every connection the pool opens. */
  watch(pool: Pool): void {
    pool.on("connect", (client) => this.#countWrites(client));
    void this.#listen();
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
    });
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      listener.removeAllListeners();
      listener.on("error", () => {});
      void listener.end().catch(() => {});
      if (this.#listener === listener) this.#listener = null;
      this.#epoch++;
      if (!this.#closed) this.#retry = setTimeout(() => void this.#listen(), RELISTEN_MS);
      this.#retry?.unref();
    };
    listener.on("error", lost);
    listener.on("end", lost);
    listener.on("notification", () => this.#epoch++);
    try {
      await listener.connect();
      await listener.query("listen app_writes");
    } catch {
      lost();
      return;
    }
    if (this.#closed) {
      void listener.end().catch(() => {});
      return;
    }
    this.#epoch++;
    this.#listener = listener;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const listener = this.#listener;
    this.#listener = null;
    listener?.removeAllListeners();
    listener?.on("error", () => {});
    await listener?.end().catch(() => {});
  }
}
