import { describe, expect, it } from "vitest";
import {
  WriterCutOff,
  WriterEmptyAnswer,
  WriterHttpError,
  WriterTimeout,
  writerErrorReason,
} from "#server/generation/writers/failure-reason.ts";

/** What fetch (undici) throws when nobody listens, and when a socket drops. */
const fetchFailed = (code: string) =>
  new TypeError("fetch failed", { cause: Object.assign(new Error(code), { code }) });

/** The Mistral SDK's errors: a status on `statusCode`, or a connection error wrapping fetch's. */
class MistralError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`API error occurred: Status ${statusCode}`);
    this.statusCode = statusCode;
  }
}
class ConnectionError extends Error {
  override name = "ConnectionError";
}

describe("a hosted writer's failure, as a label on /metrics", () => {
  it("names one of a fixed few reasons, never the error's words", () => {
    const cases: [unknown, string][] = [
      [new WriterTimeout("provider timed out"), "timeout"],
      [new WriterHttpError("answered 503", 503), "http_5xx"],
      [new WriterHttpError("answered 401", 401), "http_4xx"],
      [new MistralError(429), "http_4xx"],
      [new MistralError(500), "http_5xx"],
      [fetchFailed("ECONNREFUSED"), "refused"],
      [
        new ConnectionError("Unable to make request", { cause: fetchFailed("ECONNREFUSED") }),
        "refused",
      ],
      [fetchFailed("ENOTFOUND"), "network"],
      [new TypeError("terminated", { cause: fetchFailed("UND_ERR_SOCKET") }), "network"],
      [new ConnectionError("Unable to make request"), "network"],
      [new WriterCutOff("stream ended before [DONE]"), "cut"],
      [new WriterEmptyAnswer("empty answer"), "empty"],
      [new Error("Unexpected token < in JSON"), "other"],
      ["a string", "other"],
      [null, "other"],
    ];
    for (const [error, reason] of cases)
      expect(writerErrorReason(error), String(error)).toBe(reason);
  });
});
