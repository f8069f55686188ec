import { Agent } from "node:http";
import { type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { type RunningServer } from "../support/server.ts";
import { pipelineFrom, registerFrom, sendFrom } from "../support/loopback.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 40: cheap reads were limited in flight, not in rate, so one address pipelining
 * `/api/credits/status` took the CPU (another user's `/me` p50 went 5 → 357 ms). Two
 * loopback addresses stand for two clients (no proxy is trusted): 127.0.0.1 pipelines,
 * 127.0.0.2 is a signed-in user. The server runs with the default read rate; the test
 * prints the user's `/me` p50 alone and under the flood (no timed assertion; the figure to
 * trust is bench/read-rate.ts's, whose stranger is a process of its own).
 */
const STRANGER = "127.0.0.1";
const USER = "127.0.0.2";

/** 100 connections from the stranger, each pipelining 32 status reads, again and again. */
function flood(server: RunningServer) {
  const counts = { ok: 0, limited: 0, busy: 0 };
  // Settles at the first 429, or once 20,000 answers have come without one.
  let settle = () => {};
  const settled = new Promise<void>((done) => (settle = done));
  const open = new Set<Socket>();
  let stopped = false;
  pipelineFrom({
    port: server.port,
    from: STRANGER,
    request: "GET /api/credits/status HTTP/1.1\r\nHost: x\r\n\r\n",
    requests: 32,
    connections: 100,
    open,
    more: () => !stopped,
    onStatus(status) {
      if (status === "200") counts.ok++;
      else if (status === "429") counts.limited++;
      else if (status === "503") counts.busy++;
      if (counts.limited > 0 || counts.ok + counts.busy >= 20_000) settle();
    },
  });
  return {
    counts,
    settled,
    stop() {
      stopped = true;
      for (const socket of open) socket.destroy();
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("a rate for API reads per address", () => {
  const server = useServer({ env: { TRUSTED_PROXY: "0" } });

  it("a stranger pipelining reads gets 429 with Retry-After; a signed-in user elsewhere is served", async () => {
    const { cookie } = await registerFrom(server.url, USER, "reader");

    // One kept-alive connection, as a browser's.
    const browser = new Agent({ keepAlive: true, maxSockets: 1 });
    const me = async (): Promise<{ status: number; ms: number }> => {
      const started = performance.now();
      const { status } = await sendFrom(server.url, USER, "GET", "/api/auth/me", {
        cookie,
        agent: browser,
      });
      return { status, ms: performance.now() - started };
    };
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) {
      const answer = await me();
      expect(answer.status).toBe(200);
      quiet.push(answer.ms);
    }

    const stranger = flood(server);
    const flooded: { status: number; ms: number }[] = [];
    try {
      await stranger.settled;
      // 200 reads: with the 50 above, well within the user's own rate.
      for (let i = 0; i < 200; i++) flooded.push(await me());
    } finally {
      stranger.stop();
      browser.destroy();
    }
    console.log(
      `/me p50: ${median(quiet).toFixed(1)} ms alone, ${median(flooded.map((a) => a.ms)).toFixed(1)} ms while a stranger pipelines; the stranger got`,
      stranger.counts,
    );

    // The user was served throughout.
    expect(flooded.filter((answer) => answer.status !== 200)).toEqual([]);
    // The stranger was refused for its rate, and is still, in the API's failure shape.
    expect(stranger.counts.limited).toBeGreaterThan(0);
    const refused = await sendFrom(server.url, STRANGER, "GET", "/api/credits/status");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(refused.body)).toMatchObject({
      success: false,
      code: "RATE_LIMITED",
      retryAfter: Number(refused.headers["retry-after"]),
    });
    // The stranger's writes and pages are not reads: the rate does not refuse them.
    expect((await sendFrom(server.url, STRANGER, "GET", "/about")).status).toBe(200);
  });
});
