/**
 * `node bench/read-rate.ts` (after `npm run build`): another user's `/me` p50 while a
 * stranger pipelines API reads (issue 40, decision 085). The stranger runs in a process of
 * its own from 127.0.0.1 (100 connections, 32 pipelined `GET /api/credits/status` each, again
 * and again); the user reads `/me` from 127.0.0.2, signed in, on one kept-alive connection
 * as a browser would. Measured with the default
 * `API_READS_PER_ADDRESS` and with the rate off, on the embedded database. Prints; asserts
 * nothing. `READ_RATE_SECONDS` (default 10) is how long the stranger pipelines.
 */
import { spawn } from "node:child_process";
import { setTimeout } from "node:timers/promises";
import { Agent, request as httpRequest } from "node:http";
import { createStorage, startServer } from "../tests/support/server.ts";

const SECONDS = Number(process.env.READ_RATE_SECONDS ?? 10);
/** The user reads ten times a second, well within the read rate: a busy page, not a tool. */
const USER_PAUSE_MS = 100;
const STRANGER = "127.0.0.1";
const USER = "127.0.0.2";

/** The stranger, as plain JavaScript for `node -e`: prints its answers' statuses at SIGTERM. */
const FLOOD = `
const { connect } = require("node:net");
const [port, from] = process.argv.slice(1);
const counts = {};
const pipeline = "GET /api/credits/status HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n".repeat(32);
function connection() {
  const socket = connect({ host: "127.0.0.1", port: Number(port), localAddress: from });
  let seen = "", answered = 0;
  socket.on("error", () => {});
  socket.on("connect", () => socket.write(pipeline));
  socket.on("data", (part) => {
    seen += part.toString("latin1");
    for (const [, status] of seen.matchAll(/HTTP\\/1\\.1 (\\d{3})/g)) {
      answered++;
      counts[status] = (counts[status] ?? 0) + 1;
    }
    seen = seen.slice(seen.lastIndexOf("HTTP/1.1 ") + 1);
    if (answered >= 32) socket.destroy();
  });
  socket.on("close", () => setTimeout(connection, answered === 0 ? 50 : 0));
}
for (let i = 0; i < 100; i++) connection();
process.on("SIGTERM", () => { console.log(JSON.stringify(counts)); process.exit(0); });
`;

function get(
  port: number,
  path: string,
  cookie?: string,
): Promise<{ status: number; ms: number; cookies: string[] }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "GET",
        localAddress: USER,
        agent: browser,
        headers: cookie ? { cookie } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode!, ms: performance.now() - started, cookies: [] }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function register(port: number): Promise<string> {
  const password = "violet-harbor-42";
  const body = JSON.stringify({
    email: `reader-${Date.now()}@example.com`,
    password,
    confirmPassword: password,
  });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/api/auth/register",
        method: "POST",
        localAddress: USER,
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve((res.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!).join("; ")),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The user's connection, kept alive between reads as a browser keeps it. */
const browser = new Agent({ keepAlive: true, maxSockets: 1 });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function measure(label: string, env: Record<string, string>): Promise<void> {
  const storage = await createStorage();
  const server = await startServer(storage, { env: { TRUSTED_PROXY: "0", ...env } });
  try {
    const cookie = await register(server.port);
    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) {
      quiet.push((await get(server.port, "/api/auth/me", cookie)).ms);
      await setTimeout(USER_PAUSE_MS);
    }
    const flood = spawn(process.execPath, ["-e", FLOOD, String(server.port), STRANGER], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let printed = "";
    flood.stdout.on("data", (part: Buffer) => (printed += part.toString()));
    const flooded: number[] = [];
    const statuses: Record<number, number> = {};
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      const answer = await get(server.port, "/api/auth/me", cookie);
      flooded.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      await setTimeout(USER_PAUSE_MS);
    }
    flood.kill("SIGTERM");
    await new Promise((done) => flood.once("exit", done));
    console.log(
      `${label}: /me p50 ${median(quiet).toFixed(1)} ms alone, ${median(flooded).toFixed(1)} ms while the stranger pipelines (${flooded.length} reads, statuses ${JSON.stringify(statuses)}); the stranger got ${printed.trim()}`,
    );
  } finally {
    await server.stop();
    await storage.cleanup();
  }
}

await measure("default read rate", {});
await measure("read rate off", { API_READS_PER_ADDRESS: "10000000" });
