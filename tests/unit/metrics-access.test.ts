import { describe, expect, it } from "vitest";
import { mayReadMetrics } from "#server/http/metrics-access.ts";

const TOKEN = "metrics-token-0123456789";

describe("who may read /metrics", () => {
  it("a loopback client that no proxy forwarded, without a token", () => {
    expect(mayReadMetrics({}, "127.0.0.1", undefined)).toBe(true);
    expect(mayReadMetrics({}, "::1", undefined)).toBe(true);
    expect(mayReadMetrics({}, "127.0.0.1", TOKEN)).toBe(true);
  });

  it("not a client elsewhere, nor one a trusted proxy forwarded from elsewhere", () => {
    expect(mayReadMetrics({}, "192.0.2.7", undefined)).toBe(false);
    expect(mayReadMetrics({}, "2001:db8::1", TOKEN)).toBe(false);
    // TRUSTED_PROXY made the client the forwarded address: it is remote.
    expect(mayReadMetrics({ "x-forwarded-for": "203.0.113.5" }, "203.0.113.5", undefined)).toBe(
      false,
    );
  });

  it.each(["x-forwarded-for", "forwarded", "x-real-ip"])(
    "not a loopback peer whose request carries %s: a proxy not in TRUSTED_PROXY sent it",
    (header) => {
      expect(mayReadMetrics({ [header]: "203.0.113.5" }, "127.0.0.1", undefined)).toBe(false);
    },
  );

  it("anyone with the token as a bearer, only that token", () => {
    const bearer = (value: string) => ({ authorization: value });
    expect(mayReadMetrics(bearer(`Bearer ${TOKEN}`), "192.0.2.7", TOKEN)).toBe(true);
    expect(mayReadMetrics(bearer(`bearer ${TOKEN}`), "192.0.2.7", TOKEN)).toBe(true);
    expect(mayReadMetrics(bearer(`Bearer ${TOKEN}x`), "192.0.2.7", TOKEN)).toBe(false);
    expect(mayReadMetrics(bearer(`Bearer ${TOKEN.slice(1)}`), "192.0.2.7", TOKEN)).toBe(false);
    expect(mayReadMetrics(bearer(TOKEN), "192.0.2.7", TOKEN)).toBe(false);
    expect(mayReadMetrics(bearer("Bearer "), "192.0.2.7", TOKEN)).toBe(false);
    // No token set: no bearer opens it.
    expect(mayReadMetrics(bearer(`Bearer ${TOKEN}`), "192.0.2.7", undefined)).toBe(false);
  });
});
