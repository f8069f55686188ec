import { describe, expect, it } from "vitest";
import { ApiReadRate } from "#server/rate-limit/api-reads.ts";
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

describe("API reads per network", () => {
  it("lets a network make its reads, then tells it how long to wait; other networks go on", async () => {
    const reads = new ApiReadRate(3);
    for (let i = 0; i < 3; i++) expect(await reads.consume("2001:db8:1:2::/64")).toBe(0);
    expect(reads.knownWait("2001:db8:1:2::/64")).toBeNull();
    const wait = await reads.consume("2001:db8:1:2::/64");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await reads.consume("2001:db8:1:3::/64")).toBe(0);
    expect(await reads.consume("192.0.2.1")).toBe(0);
  });

  it("knows a refused network at once until its minute ends, and forgets it then", async () => {
    const reads = new ApiReadRate(1);
    await reads.consume("192.0.2.1");
    const wait = await reads.consume("192.0.2.1");
    const now = Date.now();
    expect(reads.knownWait("192.0.2.1", now)).toBeGreaterThan(0);
    expect(reads.knownWait("192.0.2.1", now)).toBeLessThanOrEqual(wait);
    expect(reads.knownWait("192.0.2.2", now)).toBeNull();
    expect(reads.knownWait("192.0.2.1", now + 60_001)).toBeNull();
  });
});
