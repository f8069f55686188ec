import { METHODS, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 7, items 1 and 17: one odd request used to stop the server (TRACE made the
 * adapter's WHATWG Request throw). Every method Node's parser accepts, against a page, a
 * static file and an API route: only GET, HEAD, POST, PATCH, DELETE and OPTIONS reach the app,
 * the rest get 405 with Allow, and the process stays up.
 */
const APP_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"];
const TARGETS = ["/", "/favicon.svg", "/api/auth/me"];

const server = useServer();

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(method: string, path: string): Promise<RawAnswer> {
  if (method === "CONNECT") return sendRaw(`CONNECT ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** CONNECT has no response body framing node:http will read for us; parse the status line. */
function sendRaw(text: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString();
      if (data.includes("\r\n\r\n")) socket.end();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      const allow = /^allow: (.*)$/im.exec(data)?.[1]?.trim();
      resolve({ status, headers: { allow }, body: data.split("\r\n\r\n")[1] ?? "" });
    });
  });
}

async function alive(): Promise<void> {
  expect(server.process.exitCode).toBeNull();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}

describe("every method Node's parser accepts", () => {
  for (const path of TARGETS) {
    it.each(METHODS)(`%s ${path} never ends the process`, async (method) => {
      const answer = await send(method, path);
      if (APP_METHODS.includes(method)) {
        expect(answer.status).toBeLessThan(500);
      } else {
        expect(answer.status).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST, PATCH, DELETE, OPTIONS");
        if (path.startsWith("/api") && method !== "CONNECT") {
          expect(JSON.parse(answer.body)).toEqual({
            success: false,
            code: "METHOD_NOT_ALLOWED",
            message: "Method not allowed.",
          });
        }
      }
      await alive();
    });
  }
});

describe("the image endpoint", () => {
  it.each([
    "/_image",
    "/_image?href=/favicon.svg&w=10&f=webp",
    "/_image?href=https://example.com/x.png",
    "/_image?href=%00",
  ])("%s answers 4xx", async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    await alive();
  });
});
