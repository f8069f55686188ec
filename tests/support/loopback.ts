import { request as httpRequest, type Agent } from "node:http";
import { connect, type Socket } from "node:net";
import { expect } from "vitest";

/**
 * Requests from a chosen loopback address (127.0.0.1, 127.0.0.2, …), so that a test can be
 * two clients when no proxy is trusted: each is what its socket says.
 */

export interface LoopbackAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request from `from`: on a connection of its own, or on `agent`'s (a browser's). */
export function sendFrom(
  baseUrl: string,
  from: string,
  method: string,
  path: string,
  options: { json?: unknown; cookie?: string; agent?: Agent } = {},
): Promise<LoopbackAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${path}`,
      {
        method,
        localAddress: from,
        agent: options.agent ?? false,
        headers: {
          "sec-fetch-site": "same-origin",
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (part: Buffer) => (text += part.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Registers a new account from `from` (201): its address, password and session cookie. */
export async function registerFrom(
  baseUrl: string,
  from: string,
  prefix: string,
): Promise<{ email: string; password: string; cookie: string }> {
  const email = `${prefix}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const password = "violet-harbor-42";
  const registered = await sendFrom(baseUrl, from, "POST", "/api/auth/register", {
    json: { email, password, confirmPassword: password },
  });
  expect(registered.status).toBe(201);
  const cookie = ([] as string[])
    .concat(registered.headers["set-cookie"] ?? [])
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return { email, password, cookie };
}

/**
 * A stranger's pipelining: `connections` connections from `from`, each sending `requests`
 * copies of `request` at once, closing once all are answered, and coming back (after a
 * moment when none was: a refused connection) for as long as `more()` says. Each answer's
 * status goes to `onStatus`, each closed connection's count of answers to `onClose`. Its
 * sockets are kept in `open`, for the caller to destroy.
 */
export function pipelineFrom(options: {
  port: number;
  from: string;
  request: string;
  requests: number;
  connections: number;
  open: Set<Socket>;
  more: () => boolean;
  onStatus: (status: string) => void;
  onClose?: (answered: number) => void;
}): void {
  const pipeline = options.request.repeat(options.requests);
  const connection = () => {
    if (!options.more()) return;
    const socket = connect({ host: "127.0.0.1", port: options.port, localAddress: options.from });
    options.open.add(socket);
    let seen = "";
    let answered = 0;
    socket.on("error", () => {});
    socket.on("connect", () => socket.write(pipeline));
    socket.on("data", (part: Buffer) => {
      seen += part.toString("latin1");
      for (const [, status] of seen.matchAll(/HTTP\/1\.1 (\d{3})/g)) {
        answered++;
        options.onStatus(status!);
      }
      seen = seen.slice(seen.lastIndexOf("HTTP/1.1 ") + 1);
      if (answered >= options.requests) socket.destroy();
    });
    socket.on("close", () => {
      options.onClose?.(answered);
      options.open.delete(socket);
      setTimeout(connection, answered === 0 ? 50 : 0);
    });
  };
  for (let i = 0; i < options.connections; i++) connection();
}
