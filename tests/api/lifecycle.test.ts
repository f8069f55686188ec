import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  createStorage,
  startServer,
  waitForLog,
  type RunningServer,
  type Storage,
} from "../support/server.ts";

let storage: Storage | undefined;
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.stop();
  await storage?.cleanup();
  server = undefined;
  storage = undefined;
});

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("close", () => resolve(data));
  });
}

function exitOf(running: RunningServer): Promise<number | null> {
  return new Promise((resolve) => running.process.once("close", (code) => resolve(code)));
}

describe("shutdown on SIGTERM", () => {
  it("answers a request still arriving, closes its connection, then exits 0", async () => {
    storage = await createStorage();
    server = await startServer(storage);
    const socket = await openSocket(server.port);
    const response = readAll(socket);
    const exited = exitOf(server);

    socket.write("GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    server.process.kill("SIGTERM");
    // The request's last line arrives once the server is draining.
    await waitForLog(server, (entry) => entry.msg === "draining");
    socket.write("\r\n");

    const text = await response;
    expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(text.toLowerCase()).toContain("connection: close");
    expect(text).toContain("About Us");
    expect(await exited).toBe(0);
    expect(server.logs.map((l) => l.msg)).not.toContain(
      "shutdown timeout reached; closing the remaining connections",
    );
  });

  it("closes idle keep-alive connections at once and stops accepting", async () => {
    storage = await createStorage();
    server = await startServer(storage);
    const keepAlive = await openSocket(server.port);
    const closedByServer = readAll(keepAlive);
    const answered = new Promise((done) => keepAlive.once("data", done));
    keepAlive.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    // Idle from here on: its one answer has arrived.
    await answered;

    const exited = exitOf(server);
    server.process.kill("SIGTERM");
    expect(await closedByServer).toContain('{"status":"ok"}');
    expect(await exited).toBe(0);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(server.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(["draining", "stopped"]));
  });
});

describe("start", () => {
  it("refuses an invalid environment, naming the variable", async () => {
    storage = await createStorage();
    await expect(startServer(storage, { env: { PORT: "eighty" } })).rejects.toThrow(/PORT/);
  });

  it("npm start serves from the process it started", async () => {
    storage = await createStorage();
    server = await startServer(storage, { asNpmStart: true });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // SIGTERM reaches the server itself, which drains and exits cleanly.
    expect(await server.stop()).toBe(0);
  });
});
