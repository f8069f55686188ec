/**
 * The thread that owns the embedded database (docs/decisions/033): it opens PGlite with
 * small buffers, applies the migrations, then answers the server's messages one by one in
 * PGlite's own order. A transaction stays open here, holding PGlite's lock, until the
 * server ends it.
 */
import { parentPort, workerData } from "node:worker_threads";
import { parse, PGlite, protocol, type Transaction } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.ts";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { BackendMessage } from "pg-protocol/dist/messages.js";
import { Parser } from "pg-protocol/dist/parser.js";
import {
  DRIZZLE_RAW_TYPES,
  serializeError,
  type PgliteReply,
  type PgliteRequest,
} from "./pglite-protocol.ts";

const { dataDir, migrationsFolder, postgresqlconf } = workerData as {
  dataDir: string;
  migrationsFolder: string;
  postgresqlconf: string[];
};
const port = parentPort!;

const identity = (value: string) => value;
const rawParsers = (oids: number[]) => Object.fromEntries(oids.map((oid) => [oid, identity]));
// drizzle's raw types are this instance's own parsers: a query's own `parsers` option makes
// PGlite copy its whole parser table for that query, a large share of this thread's time.
const client = await PGlite.create(dataDir, {
  postgresqlconf,
  extensions: PGLITE_EXTENSIONS,
  parsers: rawParsers(DRIZZLE_RAW_TYPES),
});
const DRIZZLE_RAW_KEY = DRIZZLE_RAW_TYPES.join(",");
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

function target(txId: number | undefined): PGlite | Transaction {
  if (!txId) return client;
  const tx = transactions.get(txId)?.tx;
  if (!tx) throw new Error("the transaction is no longer open");
  return tx;
}

/**
 * PGlite's answer to one protocol message, read by node-postgres's own parser. PGlite's
 * port of it copies every field of every row into an ArrayBuffer of its own and reads its
 * state through private-field WeakMaps, which made it the thread's largest cost on a page
 * of history.
 */
async function exchange(message: Uint8Array, syncToFs: boolean): Promise<BackendMessage[]> {
  const parser = new Parser();
  const messages: BackendMessage[] = [];
  await client.execProtocolRawStream(message, {
    syncToFs,
    // The parser joins a message split between chunks. Each chunk is copied: it is a view
    // of PGlite's memory, which its next answer overwrites, and the parser keeps a partial
    // message's bytes until the next chunk.
    onRawData: (chunk) => parser.parse(Buffer.from(chunk), (reply) => messages.push(reply)),
  });
  const error = messages.find((reply) => reply.name === "error");
  if (error) throw error;
  return messages;
}

/**
 * Statements by their SQL text, each parsed, described and planned once as a named
 * statement of PGlite's backend (docs/decisions/033). PGlite's own `query` does all of
 * that again for every statement, in six calls into WebAssembly; a prepared one runs in
 * one call. The app sends some hundred distinct texts; past this many, a new one is
 * parsed each time as PGlite's `query` would, so one-off texts cannot grow the backend.
 */
const MAX_PREPARED = 500;
const prepared = new Map<string, { name: string; paramTypes: number[] }>();
const { serialize } = protocol;

async function statementFor(text: string) {
  const known = prepared.get(text);
  if (known) return known;
  // The unnamed statement lasts until the next one is parsed: this query's bind follows.
  const name = prepared.size < MAX_PREPARED ? `s${prepared.size + 1}` : "";
  const messages = await exchange(
    Buffer.concat([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]),
    false,
  );
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  if (name) prepared.set(text, statement);
  return statement;
}

/** One query, bound to its prepared statement and run in one call; rows made as PGlite makes them. */
async function runPrepared(request: Extract<PgliteRequest, { op: "query" }>) {
  const own = request.rawTypes.toSorted((a, b) => a - b).join(",") === DRIZZLE_RAW_KEY;
  const options = {
    rowMode: request.rowMode,
    ...(own ? {} : { parsers: rawParsers(request.rawTypes) }),
  };
  const statement = await statementFor(request.sql);
  // PGlite's own serialization of parameters, by the types the statement takes.
  const values = request.params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[statement.paramTypes[index]!];
    return serializer ? serializer(value) : String(value);
  });
  const messages = await exchange(
    Buffer.concat([
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    !request.txId,
  );
  const result = parse.parseResults(messages, client.parsers, options)[0]!;
  return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
}

async function answer(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      // As PGlite's own `query`: outside a transaction it waits for any open one to end.
      if (request.txId) {
        target(request.txId);
        return client._runExclusiveQuery(() => runPrepared(request));
      }
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runPrepared(request)),
      );
    }
    case "exec": {
      const results = await target(request.txId).exec(request.sql);
      return results.map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
    }
    case "begin": {
      // Answers once PGlite has let the transaction in (its lock keeps every other query
      // waiting); the transaction ends when the server sends "end".
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
      open.done.catch(() => {});
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
