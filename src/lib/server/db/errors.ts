import { AppError } from "../errors.ts";
import { databaseFaults } from "../metrics.ts";

/** PostgreSQL's SQLSTATE of a failed statement, looked up through drizzle's wrapping. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";

/**
 * SQLSTATEs that mean "the database cannot serve this now", whatever the request:
 * class 08 (connection), 53 (insufficient resources: disk full, out of memory, too many
 * connections), 57 (operator intervention: shutdown, crash, cancelled), 58 (system error:
 * I/O, a file missing), a database in read-only mode (25006, a standby or
 * `default_transaction_read_only`), and 42501: the app never asks for anything its own
 * role may not do, so a refusal means a revoked grant or a file the server may not open
 * (PostgreSQL reports EACCES and EROFS with this code).
 */
const UNAVAILABLE_STATE_CLASSES = new Set(["08", "53", "57", "58"]);
const UNAVAILABLE_STATES = new Set(["25006", "42501"]);

/** Errors of the disk, the network or the embedded database's thread, as Node reports them. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EACCES",
  "EPERM",
  "EROFS",
  "ENOSPC",
  "EDQUOT",
  "EIO",
  "EMFILE",
  "ENFILE",
]);
/**
 * No connection to be had: pg-pool's wait for a free client ran out, or the server (or a
 * pooler in front of it) refused one more. Both arrive as plain errors, without a code.
 */
const EXHAUSTED_MESSAGES =
  /timeout exceeded when trying to connect|too many clients already|remaining connection slots are reserved|no more connections allowed/i;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|Permission denied|No space left on device|Read-only file system|Input\/output error|Disk quota exceeded|PGlite is closed|Aborted\(|could not (open|read|write|extend|create|fsync) file/i;

/** The SQLSTATE classes and error codes above; 5-character codes are SQLSTATEs. */
function isUnavailableCode(code: string): boolean {
  if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_STATE_CLASSES.has(code.slice(0, 2));
}

/**
 * True when an error means the database cannot read or write right now (down,
 * restarting, read-only, out of disk, its files out of reach, no connection free), not
 * that a query was wrong.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && isUnavailableCode(code)) return true;
    if (
      typeof message === "string" &&
      (UNAVAILABLE_MESSAGES.test(message) || EXHAUSTED_MESSAGES.test(message))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a client is told when the database is out of reach: try again shortly (503). Each
 * one is counted as a database fault on /metrics.
 */
export function databaseUnavailableError(): AppError {
  databaseFaults.inc();
  return new AppError(
    "SERVICE_UNAVAILABLE",
    "The service is briefly unavailable. Please try again in a moment.",
    { headers: { "Retry-After": "5" } },
  );
}
