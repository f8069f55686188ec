/**
 * Messages between the server and the thread that runs PGlite (docs/decisions/033). The
 * server never runs a query on its own event loop: it posts one of these and awaits the
 * answer, so that a long query delays only its own request.
 */
export type PgliteRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Types returned as the text PostgreSQL sent (drizzle parses dates itself). */
      rawTypes: number[];
      txId?: number;
      turn?: Turn;
    }
  | { id: number; op: "exec"; sql: string; txId?: number; turn?: Turn }
  | { id: number; op: "begin"; turn?: Turn }
  | { id: number; op: "end"; txId: number; commit: boolean }
  | { id: number; op: "close" };

/**
 * A statement's (or a transaction's) turn at PGlite's one session, shared by both threads:
 * whichever moves it first from waiting decides. The thread starts it, or the server gave
 * up waiting (503) and it never runs, so nothing runs after its request was told it failed.
 */
export type Turn = Int32Array;
const WAITING = 0;
const STARTED = 1;
const ABANDONED = 2;

export function newTurn(): Turn {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** The thread's side: true when the statement may run, false when the server gave up. */
export function startTurn(turn: Turn): boolean {
  return Atomics.compareExchange(turn, 0, WAITING, STARTED) === WAITING;
}

/** The server's side: true when the statement will never run, false when it has begun. */
export function abandonTurn(turn: Turn): boolean {
  return Atomics.compareExchange(turn, 0, WAITING, ABANDONED) === WAITING;
}

export type PgliteReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** What survives of a PostgreSQL error on its way between threads. */
export interface SerializedError {
  message: string;
  name?: string;
  code?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
  severity?: string;
}

export function serializeError(error: unknown): SerializedError {
  const source = (error ?? {}) as Record<string, unknown>;
  const picked: SerializedError = { message: String(source.message ?? error) };
  for (const key of ["name", "code", "detail", "constraint", "table", "column", "severity"]) {
    if (typeof source[key] === "string")
      (picked as unknown as Record<string, string>)[key] = source[key];
  }
  return picked;
}

export function deserializeError(serialized: SerializedError): Error {
  return Object.assign(new Error(serialized.message), serialized);
}
