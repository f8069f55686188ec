import { describe, expect, it } from "vitest";
import { databaseUnavailableError, isDatabaseUnavailable } from "#server/db/errors.ts";

/** As drizzle hands them on: its own error, the driver's as the cause. */
function wrapped(cause: object): Error {
  return Object.assign(new Error("Failed query: insert into ..."), {
    cause: Object.assign(new Error(String((cause as { message?: string }).message ?? "")), cause),
  });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "a folder PGlite may not write",
      { code: "42501", message: 'could not open file "base/5/2228": Permission denied' },
    ],
    [
      "a full disk",
      { code: "53100", message: 'could not extend file "base/5/16656": No space left on device' },
    ],
    ["an I/O error", { code: "58030", message: "could not read block 0" }],
    ["a missing file", { code: "58P01", message: 'could not open file "base/5/1"' }],
    ["out of memory", { code: "53200", message: "out of memory" }],
    [
      "a read-only database",
      { code: "25006", message: "cannot execute INSERT in a read-only transaction" },
    ],
    ["a revoked grant", { code: "42501", message: "permission denied for table users" }],
    ["an administrator's shutdown", { code: "57P01", message: "terminating connection" }],
    ["a lost connection", { code: "08006", message: "Connection terminated" }],
    ["Node's read-only file system", { code: "EROFS", message: "EROFS: read-only file system" }],
    ["Node's full disk", { code: "ENOSPC", message: "ENOSPC: no space left on device" }],
    ["Node's denied write", { code: "EACCES", message: "EACCES: permission denied" }],
    ["a refused connection", { code: "ECONNREFUSED", message: "connect ECONNREFUSED" }],
    ["a closed embedded database", { message: "PGlite is closed" }],
    [
      "pg-pool's wait for a free client running out",
      { message: "timeout exceeded when trying to connect" },
    ],
    [
      "PostgreSQL out of connections, without a code",
      { message: "sorry, too many clients already" },
    ],
    [
      "PostgreSQL's last connections kept for superusers",
      { message: "remaining connection slots are reserved for roles with the SUPERUSER attribute" },
    ],
    ["PostgreSQL out of connections", { code: "53300", message: "too many clients already" }],
    [
      "an XX000 that names the disk",
      { code: "XX000", message: "could not write file: Read-only file system" },
    ],
  ])("says yes to %s", (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(true);
  });

  it("says yes to pg-pool's time-out as the pool throws it: a plain Error, not wrapped", () => {
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it.each([
    ["a unique violation", { code: "23505", message: "duplicate key value" }],
    [
      "a check violation",
      { code: "23514", message: 'violates check constraint "users_credits_non_negative"' },
    ],
    ["a syntax error", { code: "42601", message: "syntax error at or near" }],
    ["a value out of range", { code: "22003", message: "integer out of range" }],
    ["a plain bug", { message: "Cannot read properties of undefined" }],
  ])("says no to %s: the query or the request was wrong", (_, cause) => {
    expect(isDatabaseUnavailable(wrapped(cause))).toBe(false);
  });
});

describe("databaseUnavailableError", () => {
  it("is a 503 that says when to try again", () => {
    const error = databaseUnavailableError();
    expect(error.status).toBe(503);
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.headers?.["Retry-After"]).toMatch(/^\d+$/);
  });
});
