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
    }
  | { id: number; op: "exec"; sql: string; txId?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; txId: number; commit: boolean }
  | { id: number; op: "close" };

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
