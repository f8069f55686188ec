import { describe, expect, it } from "vitest";
import { rateLimitedError, retryAfterSeconds } from "#server/rate-limit/index.ts";

describe("rate-limit arithmetic", () => {
  it("turns milliseconds into whole seconds, rounding up, never 0", () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(15 * 60 * 1000)).toBe(900);
  });

  it("answers 429 with Retry-After in seconds and a readable wait", () => {
    const error = rateLimitedError(125_000);
    expect(error.status).toBe(429);
    expect(error.headers).toEqual({ "Retry-After": "125" });
    expect(error.message).toBe("Too many attempts. Please try again in 3 minutes.");
    expect(rateLimitedError(30_000).message).toBe(
      "Too many attempts. Please try again in 30 seconds.",
    );
  });
});
