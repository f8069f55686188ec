/**
 * The thread that owns the embedded database (docs/decisions/033): it opens PGlite with
 * small buffers, applies the migrations, then answers the server's messages one by one in
 * PGlite's own order. A transaction stays open here, holding PGlite's lock, until the
 * server ends it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./extensions.ts";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import {
  serializeError,
  startTurn,
  type PgliteReply,
  type PgliteRequest,
  type Turn,
} from "./messages.ts";

const { dataDir, migrationsFolder, postgresqlconf } = workerData as {
  dataDir: string;
  migrationsFolder: string;
  postgresqlconf: string[];
};
const port = parentPort!;

const identity = (value: string) => value;
/** drizzle's parsers, which cannot cross threads: the types it reads as PostgreSQL's text. */
const rawParsers = (oids: number[]) => Object.fromEntries(oids.map((oid) => [oid, identity]));
/**
 * The types drizzle reads as PostgreSQL's text (it parses dates itself): timestamp,
 * timestamptz, interval, date and their arrays, and numeric's array. They are this PGlite's
 * own parsers: a query's own `parsers` option makes PGlite copy its whole parser table.
 */
const DRIZZLE_RAW_TYPES = "1082,1114,1115,1182,1184,1185,1186,1187,1231";
const client = await PGlite.create(dataDir, {
  postgresqlconf,
  extensions: PGLITE_EXTENSIONS,
  parsers: rawParsers(DRIZZLE_RAW_TYPES.split(",").map(Number)),
});
await migrate(drizzle({ client }), { migrationsFolder });

interface OpenTransaction {
  tx: Transaction | null;
  end: (commit: boolean) => void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTxId = 1;
const ROLLBACK = new Error("rolled back");

/**
 * PGlite's one session, taken in order by each statement outside a transaction and by each
 * transaction from begin to end, as PGlite's own lock would take it. Here a statement
 * whose request stopped waiting (its turn abandoned) leaves the line without running.
 */
let sessionTaken = false;
const line: (() => void)[] = [];

function takeSession(): Promise<void> {
  if (!sessionTaken) {
    sessionTaken = true;
    return Promise.resolve();
  }
  return new Promise((taken) => line.push(taken));
}

function leaveSession(): void {
  const next = line.shift();
  if (next) next();
  else sessionTaken = false;
}

/** No one awaits this answer: the server stopped waiting for the statement. */
const ABANDONED = new Error("abandoned while waiting for the session");

/** Takes the session for a turn; false (and the session left) when it was abandoned. */
async function takeTurn(turn: Turn | undefined): Promise<void> {
  await takeSession();
  if (turn && !startTurn(turn)) {
    leaveSession();
    throw ABANDONED;
  }
}

/** A statement outside a transaction runs in its turn at the session; one inside, at once. */
async function inTurn<T>(request: { txId?: number; turn?: Turn }, run: () => Promise<T>) {
  if (request.txId) return run();
  await takeTurn(request.turn);
  try {
    return await run();
  } finally {
    leaveSession();
  }
}

function target(txId: number | undefined): PGlite | Transaction {
  if (!txId) return client;
  const tx = transactions.get(txId)?.tx;
  if (!tx) throw new Error("the transaction is no longer open");
  return tx;
}

async function answer(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      const drizzles = request.rawTypes.toSorted((x, y) => x - y).join(",") === DRIZZLE_RAW_TYPES;
      const result = await inTurn(request, () =>
        target(request.txId).query(request.sql, request.params, {
          rowMode: request.rowMode,
          ...(drizzles ? {} : { parsers: rawParsers(request.rawTypes) }),
        }),
      );
      return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case "exec": {
      const results = await inTurn(request, () => target(request.txId).exec(request.sql));
      return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
    }
    case "begin": {
      // Answers once the transaction has the session (every other statement waits in line);
      // it keeps the session until the server sends "end".
      await takeTurn(request.turn);
      const txId = nextTxId++;
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const open: OpenTransaction = { tx: null, end: () => {}, done: Promise.resolve() };
      open.done = client.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            open.tx = tx;
            open.end = (ok) => (ok ? commit() : rollback(ROLLBACK));
            entered();
          }),
      );
      open.done.catch(() => {}).finally(leaveSession);
      transactions.set(txId, open);
      try {
        await Promise.race([inside, open.done]);
      } catch (error) {
        transactions.delete(txId);
        throw error;
      }
      return txId;
    }
    case "end": {
      const open = transactions.get(request.txId);
      if (!open) return null;
      open.end(request.commit);
      try {
        await open.done;
      } catch (error) {
        if (request.commit) throw error;
      } finally {
        transactions.delete(request.txId);
      }
      return null;
    }
    case "close":
      await client.close();
      return null;
  }
}

port.on("message", (request: PgliteRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PgliteReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        ok: false,
        error: serializeError(error),
      } satisfies PgliteReply),
  );
});
port.postMessage({ id: 0, ok: true, value: "ready" } satisfies PgliteReply);
