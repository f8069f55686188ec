import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { DatabaseError } from "pg";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { loggerOptions, withoutQueryValues } from "#server/logger.ts";

const SESSION_ID = "5f0c2b9e7d1a4c3b8e6f0a9d2c4b7e1f5a3d8c6b0e9f2a4d7c1b3e5f8a0d2c4b";
const SELECT_SESSION =
  'select "id", "user_id", "expires_at" from "sessions" where "sessions"."id" = $1';

/** A failed query as drizzle reports it: its statement, its values, the driver's error. */
function failedQuery(cause: Error): DrizzleQueryError {
  return new DrizzleQueryError(SELECT_SESSION, [SESSION_ID, "a@example.com"], cause);
}

function uniqueViolation(): Error {
  return Object.assign(
    new DatabaseError('duplicate key value violates "users_email_key"', 0, "error"),
    {
      code: "23505",
      constraint: "users_email_key",
      detail: "Key (email)=(a@example.com) already exists.",
    },
  );
}

/** Each line the server's logger writes, with the settings getLogger() uses. */
function logLines(log: (logger: pino.Logger) => void): string {
  let written = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  log(pino(loggerOptions(parseConfig({ NODE_ENV: "test", LOG_LEVEL: "info" })), sink));
  return written;
}

describe("a failed query in the logs", () => {
  it("keeps its statement and SQLSTATE, and none of its values (a session id among them)", () => {
    const line = logLines((logger) =>
      logger.error({ err: failedQuery(uniqueViolation()) }, "unhandled error"),
    );
    const { err } = JSON.parse(line) as { err: Record<string, unknown> };
    expect(err.message).toContain(SELECT_SESSION);
    expect(err.query).toBe(SELECT_SESSION);
    expect(err.stack).toContain(SELECT_SESSION);
    expect(err.stack).toContain("caused by: error: duplicate key value");
    expect(err.type).toBe("DrizzleQueryError");
    expect(line).not.toContain(SESSION_ID);
    expect(line).not.toContain("a@example.com");
    expect(line).not.toContain("params");
  });

  it("is scrubbed however deep it is wrapped, and logged as the error itself", () => {
    const wrapped = new Error("settling a text failed", {
      cause: failedQuery(new Error("timeout exceeded when trying to connect")),
    });
    const line = logLines((logger) => logger.warn(wrapped));
    const { err } = JSON.parse(line) as { err: { message: string; stack: string } };
    expect(err.message).toBe(
      `settling a text failed: Failed query: ${SELECT_SESSION}: timeout exceeded when trying to connect`,
    );
    expect(err.stack).toContain(`caused by: Error: Failed query: ${SELECT_SESSION}\n    at `);
    expect(line).not.toContain(SESSION_ID);
  });

  it("leaves the error itself as it was: only what is logged loses the values", () => {
    const error = failedQuery(uniqueViolation());
    const copy = withoutQueryValues(error) as DrizzleQueryError;
    expect(copy).toBeInstanceOf(DrizzleQueryError);
    expect(copy.params).toBeUndefined();
    expect(copy.message).toBe(`Failed query: ${SELECT_SESSION}`);
    const cause = copy.cause as DatabaseError;
    expect(cause.code).toBe("23505");
    expect(cause.constraint).toBe("users_email_key");
    expect(error.params).toEqual([SESSION_ID, "a@example.com"]);
    expect(error.message).toContain(SESSION_ID);
    expect((error.cause as DatabaseError).detail).toContain("a@example.com");
  });

  it("passes anything that is not an error through", () => {
    expect(withoutQueryValues("just a string")).toBe("just a string");
    expect(withoutQueryValues(undefined)).toBeUndefined();
  });
});
