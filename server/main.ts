/**
 * The production server: our own node:http server around the handler that the Astro
 * node adapter exports (DESIGN §9). It adds what the adapter lacks: canonical paths,
 * security headers on every answer (prerendered pages included), /healthz and /readyz,
 * migrations before the first request, and a drain on SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getConfig } from "../src/lib/server/config.ts";
import { closeDatabase, getDatabaseHandle } from "../src/lib/server/db/index.ts";
import { canonicalRequestTarget } from "../src/lib/server/http/request-target.ts";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  loadStaticCsp,
} from "../src/lib/server/http/security-headers.ts";
import { reconcileStaleReservations } from "../src/lib/server/credits/reservations.ts";
import { CLEANUP_INTERVAL_MS, runCleanup } from "../src/lib/server/jobs/cleanup.ts";
import { getLogger } from "../src/lib/server/logger.ts";
import { loadStaticFiles, serveStaticFile } from "./static-files.ts";

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

const config = getConfig();
const log = getLogger();
const distDir = resolve("dist");

// The adapter's entry starts its own server unless told not to.
process.env.ASTRO_NODE_AUTOSTART = "disabled";
process.env.ASTRO_NODE_LOGGING = "disabled";

const database = await getDatabaseHandle();
const { handler } = (await import(pathToFileURL(resolve(distDir, "server/entry.mjs")).href)) as {
  handler: NodeHandler;
};
const staticCsp = loadStaticCsp(resolve(distDir, "_headers.json"));
const staticFiles = loadStaticFiles(resolve(distDir, "client"));

let draining = false;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(JSON.stringify(body));
}

async function readiness(): Promise<boolean> {
  if (draining) return false;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("database ping timed out")), 2_000).unref(),
  );
  try {
    await Promise.race([database.ping(), timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error }, "readiness check failed");
    return false;
  }
}

/**
 * The client's address for rate limits and the dev outbox: the socket's, or, behind a
 * trusted proxy, the last X-Forwarded-For hop (the one that proxy added). A forged
 * header cannot dodge a limit without TRUSTED_PROXY.
 */
function clientAddressOf(req: IncomingMessage): string {
  if (config.TRUSTED_PROXY) {
    const forwarded = req.headers["x-forwarded-for"];
    const hops = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? ""))
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[hops.length - 1]!;
  }
  return req.socket.remoteAddress ?? "unknown";
}

/** Sets the security headers just before the status line goes out, whoever writes it. */
function secureHeadersOnWrite(res: ServerResponse, pathname: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const [name, value] of Object.entries(
      baseSecurityHeaders(pathname, config.isProduction),
    )) {
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
        staticCsp,
      }),
    );
    if (draining) this.setHeader("Connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

const server = createServer((req, res) => {
  const target = canonicalRequestTarget(req.url ?? "/");
  const pathname = target === null ? "/" : target.split("?")[0]!;
  secureHeadersOnWrite(res, pathname);
  if (target === null) {
    sendJson(res, 400, {
      success: false,
      code: "BAD_REQUEST",
      message: "Malformed request address.",
    });
    return;
  }
  req.url = target;
  req.headers["x-client-address"] = clientAddressOf(req);

  if (pathname === "/healthz") {
    sendJson(res, 200, { status: "ok" });
    return;
  }
  if (pathname === "/readyz") {
    void readiness().then((ready) =>
      sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "unavailable" }),
    );
    return;
  }
  if (req.method === "GET" || req.method === "HEAD") {
    const file = staticFiles.get(pathname);
    if (file) {
      serveStaticFile(req, res, file);
      return;
    }
  }
  handler(req, res);
});

server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  log.info(
    { port, host: config.HOST, database: database.kind, url: `http://${config.HOST}:${port}` },
    "listening",
  );
});

/**
 * Stops accepting, then waits until every open connection has closed: idle keep-alive
 * connections are closed at once, and every answer written while draining carries
 * `Connection: close`, so a request still arriving (or a stream still running) gets its
 * answer and then its connection ends. Past SHUTDOWN_TIMEOUT_MS the rest are cut.
 */
/** Periodic jobs; on PostgreSQL an advisory lock lets one instance run each at a time. */
async function runJobs(): Promise<void> {
  try {
    const result = await runCleanup(database.db, new Date());
    if (result.ran && result.unverifiedAccounts + result.sessions + result.emailTokens > 0) {
      log.info(result, "cleanup");
    }
  } catch (error) {
    log.error({ err: error }, "cleanup failed");
  }
}
const jobs = setInterval(() => void runJobs(), CLEANUP_INTERVAL_MS);
jobs.unref();

/** Refunds reservations left pending by a crash; each refund happens once, on any instance. */
async function reconcile(): Promise<void> {
  try {
    const refunded = await reconcileStaleReservations(
      database.db,
      new Date(),
      config.RESERVATION_TIMEOUT_MS,
    );
    if (refunded > 0) log.warn({ refunded }, "refunded stale reservations");
  } catch (error) {
    log.error({ err: error }, "reconciler failed");
  }
}
/** How often the reconciler looks for reservations a crash left pending. */
const RECONCILE_INTERVAL_MS = Math.min(60_000, config.RESERVATION_TIMEOUT_MS);
const reconciler = setInterval(() => void reconcile(), RECONCILE_INTERVAL_MS);
reconciler.unref();
setTimeout(() => void reconcile(), 2_000).unref();
setTimeout(() => void runJobs(), 5_000).unref();

async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  clearInterval(jobs);
  clearInterval(reconciler);
  log.info({ signal }, "draining");
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>(
      (done) => (timer = setTimeout(() => done(true), config.SHUTDOWN_TIMEOUT_MS)),
    ),
  ]);
  clearInterval(sweep);
  clearTimeout(timer);
  if (timedOut) {
    log.warn("shutdown timeout reached; closing the remaining connections");
    server.closeAllConnections();
  }
  await closeDatabase().catch((error: unknown) =>
    log.error({ err: error }, "database close failed"),
  );
  log.info("stopped");
  process.exit(0);
}

process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
