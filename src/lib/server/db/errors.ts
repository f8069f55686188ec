import { AppError } from "../errors.ts";

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

/** SQLSTATE classes and socket errors that mean "the database is not reachable right now". */
const UNAVAILABLE_STATES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

/** True when an error means the database is down or restarting, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CODES.has(code)))
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a client is told when the database is out of reach: try again shortly (503). */
export function databaseUnavailableError(): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    503,
    "The service is briefly unavailable. Please try again in a moment.",
    { headers: { "Retry-After": "5" } },
  );
}
