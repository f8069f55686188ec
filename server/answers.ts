/**
 * Answers the host makes itself, before or around the app: JSON under /api, plain text
 * elsewhere, the security headers on every answer, and the refusal of what cannot be parsed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { AppError, failureBody } from "#server/errors.ts";
import { isApiPath } from "#server/http/request-guards.ts";
import { isValidHostHeader, loggableTarget } from "#server/http/request-target.ts";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  type StaticCsp,
} from "#server/http/security-headers.ts";
import type { Logger } from "pino";

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(JSON.stringify(body));
}

/** A failure decided here, in the shape the app's own failures have. */
export function sendAppError(res: ServerResponse, error: AppError): void {
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  sendJson(res, error.status, failureBody(error));
}

/** An answer made here, before the app: JSON under /api, plain text elsewhere. */
export function sendFailure(res: ServerResponse, pathname: string, error: AppError): void {
  if (isApiPath(pathname)) {
    sendAppError(res, error);
    return;
  }
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.writeHead(error.status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(error.message);
}

/** Sets the security headers just before the status line goes out, whoever writes it. */
export function secureHeadersOnWrite(
  res: ServerResponse,
  pathname: string,
  site: { isProduction: boolean; staticCsp: StaticCsp; draining: () => boolean },
): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const [name, value] of Object.entries(baseSecurityHeaders(pathname, site.isProduction))) {
      if (!this.hasHeader(name)) this.setHeader(name, value);
    }
    // Headers handed to writeHead win over setHeader; fold them in first.
    const given = args.find((arg, index) => index > 0 && typeof arg === "object" && arg !== null);
    if (given && !Array.isArray(given)) {
      for (const [name, value] of Object.entries(given as Record<string, string>)) {
        if (value !== undefined) this.setHeader(name, value);
      }
      args = args.filter((arg) => arg !== given);
    }
    const contentType = this.getHeader("content-type");
    const existing = this.getHeader("content-security-policy");
    this.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy({
        pathname,
        contentType: typeof contentType === "string" ? contentType : undefined,
        existing: typeof existing === "string" ? existing : undefined,
        staticCsp: site.staticCsp,
      }),
    );
    if (site.draining()) this.setHeader("Connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Whether the address decodes. The result is used: a bundler may drop a bare `decodeURI`
 * call as free of effects, and its throw with it.
 */
export function decodesAsUtf8(pathname: string): boolean {
  try {
    return decodeURI(pathname).length >= 0;
  } catch {
    return false;
  }
}

/**
 * A request Node could not parse, or whose headers or body came too late: 400 or 408 in
 * the app's failure shape, straight on the socket, which then closes.
 */
export function refuseUnparsable(error: NodeJS.ErrnoException, socket: Duplex, log: Logger): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  // Node's own deadline for a request's headers or body (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS).
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  if (!timedOut) log.warn({ code: error.code }, "unparsable request refused");
  const body = JSON.stringify(
    failureBody(
      timedOut
        ? new AppError("REQUEST_TIMEOUT", "The request took too long to arrive.")
        : new AppError("BAD_REQUEST", "Malformed request."),
    ),
  );
  socket.end(
    `HTTP/1.1 ${timedOut ? "408 Request Timeout" : "400 Bad Request"}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * A request target or Host that cannot be parsed: 400, logged once. An unparsable target
 * has no path to tell /api by, so its answer is JSON.
 */
export function refuseMalformed(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string | null,
  log: Logger,
): void {
  const badHost = !isValidHostHeader(req.headers.host);
  log.warn(
    {
      requestId: req.headers["x-request-id"],
      method: req.method,
      target: loggableTarget(req.url ?? ""),
      host: req.headers.host?.slice(0, 200),
    },
    badHost ? "malformed Host header refused" : "malformed request address refused",
  );
  const failure = new AppError(
    "BAD_REQUEST",
    badHost ? "Malformed Host header." : "Malformed request address.",
  );
  if (pathname === null) sendAppError(res, failure);
  else sendFailure(res, pathname, failure);
}

/** CONNECT never reaches the request handler: Node hands over the raw socket instead. */
export function refuseConnect(socket: Duplex, methods: string[]): void {
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${methods.join(", ")}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}
