import { connect, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 7, item 15: a stranger holding many idle sockets must not make the server
 * unreachable. Under `ulimit -n 1024`, 1100 idle connections used to leave no file for
 * the next visitor; now the oldest idle ones make room, and /healthz answers.
 */
const sockets: Socket[] = [];

// The process's own cap is under test here, not the per-address one (client-limits.test.ts).
const server = useServer({
  openFiles: 1024,
  env: { MAX_CONNECTIONS_PER_ADDRESS: "100000" },
});

afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

function openIdleSocket(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    sockets.push(socket);
    // A refused or reset socket is the server defending itself; count it as opened.
    socket.once("connect", () => resolve());
    socket.once("error", () => resolve());
    socket.on("error", () => {});
  });
}

describe("1100 idle sockets under ulimit -n 1024", () => {
  it("do not stop /healthz from answering, and the process stays up", async () => {
    const started = Date.now();
    for (let i = 0; i < 1100; i++) await openIdleSocket(server.port);
    // Well inside the 10 s header timeout: no idle socket has been dropped for being slow.
    expect(Date.now() - started).toBeLessThan(8_000);
    // One try, at once: the next visitor gets in while the idle sockets are still there.
    const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(3_000) });
    expect(response.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
    // The strangers' oldest sockets were the ones closed.
    expect(
      sockets.filter((socket) => socket.destroyed || socket.readyState !== "open").length,
    ).toBeGreaterThan(0);
  });
});
