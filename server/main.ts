/**
 * The production server: our own node:http server around the handler that the Astro
 * node adapter exports (DESIGN §9). It adds what the adapter lacks: canonical paths,
 * security headers on every answer (prerendered pages included), /healthz and /readyz,
 * migrations before the first request, and a drain on SIGTERM.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { resolve } from "node:path";
import { handler as astroHandler } from "@astrojs/node/server.js";
import { ConfigError, assertReadyToServe, getConfig, type Config } from "#server/config.ts";
import { closeDatabase, getDatabaseHandle, getDb } from "#server/db/index.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "#server/db/errors.ts";
import { NewerDatabase } from "#server/db/migrations.ts";
import { AppError, SERVICE_BUSY } from "#server/errors.ts";
import { countQueries, outsideRequests } from "#server/db/query-count.ts";
import { clientAddress } from "#server/network/client-address.ts";
import { clientNetwork } from "#server/network/client-network.ts";
import { mayReadMetrics } from "#server/http/metrics-access.ts";
import { noApiEndpoint } from "#server/http/api.ts";
import { isApiPath } from "#server/http/request-guards.ts";
import { requestIdFrom } from "#server/http/request-id.ts";
import { canonicalRequestTarget, isValidHostHeader } from "#server/http/request-target.ts";
import { loadStaticCsp } from "#server/http/security-headers.ts";
import { localWriterFigures, warmUpWriters } from "#server/generation/writers/registry.ts";
import { closeLocalWriter } from "#server/generation/writers/local/writer.ts";
import { serverJobs, startJobs } from "#server/jobs/scheduler.ts";
import { getLogger } from "#server/logger.ts";
import { collectProcessMetrics, metricsRegistry, watchLocalWriter } from "#server/metrics.ts";
import { ApiReadRate } from "#server/rate-limit/api-reads.ts";
import { rateLimitedError } from "#server/rate-limit/index.ts";
import { approvalsInThisProcess, approvedRating } from "#server/testimonials/index.ts";
import {
  connectionCap,
  guardConnections,
  openFileCount,
  openFileLimit,
} from "./connection-guard.ts";
import { admitRequests, limitConnectionsPerAddress } from "./client-limits.ts";
import { RatedPages } from "./rated-pages.ts";
import { loadStaticFiles, serveStaticFile } from "./static-files.ts";
import { recordRequest, type RequestRecord } from "./access-log.ts";
import {
  decodesAsUtf8,
  refuseConnect,
  refuseMalformed,
  refuseUnparsable,
  secureHeadersOnWrite,
  sendAppError,
  sendFailure,
  sendJson,
} from "./answers.ts";

type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: RequestRecord["locals"],
) => void;

const config = configToServe();
const log = getLogger();
if (config.SMTP_URL && config.SENDGRID_API_KEY) {
  log.warn("SMTP_URL and SENDGRID_API_KEY are both set: mail goes by SMTP_URL (decision 091).");
}
const distDir = resolve("dist");

// Astro's routes, in middleware mode: this module is the build's server entry, so they and
// this host share every module (decision 002).
const handler = astroHandler as NodeHandler;
const database = await getDatabaseHandle().catch((error: unknown) => {
  // A build older than its database never serves it (decision 094): one line, and out.
  if (!(error instanceof NewerDatabase)) throw error;
  console.error(error.message);
  process.exit(1);
});
// The local writer finds, downloads or loads its model in the background; until it is
// ready, texts are template drafts.
warmUpWriters();
collectProcessMetrics();
watchLocalWriter(localWriterFigures);
const staticCsp = loadStaticCsp(resolve(distDir, "_headers.json"));
const staticFiles = loadStaticFiles(resolve(distDir, "client"));
// The application's rating in the pages' structured data: the approved testimonials'.
const ratedPages = new RatedPages(staticFiles, {
  // Started by a page view, but no part of its answer or its count of queries.
  read: () => outsideRequests(async () => approvedRating(await getDb())),
  version: approvalsInThisProcess,
  onError: (error) => log.warn({ err: error }, "could not read the testimonials' rating"),
});
void ratedPages.refresh();

let draining = false;

async function readiness(): Promise<boolean> {
  if (draining) return false;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("database ping timed out")), 2_000).unref(),
  );
  try {
    await Promise.race([database.checkReadWrite(), timeout]);
    return true;
  } catch (error) {
    log.warn({ err: error }, "readiness check failed");
    return false;
  }
}

/**
 * Methods the app answers (PATCH changes a saved voice); anything else (TRACE, PROPFIND, …)
 * never reaches the adapter.
 */
const APP_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"];
const GENERIC_FAILURE = "Something went wrong. Please try again later.";

/**
 * Whatever a request throws is answered, and the process goes on: a database fault with
 * 503 and Retry-After (counted, as the middleware does), anything else with 500, logged
 * with the request's id.
 */
function failRequest(req: IncomingMessage, res: ServerResponse, pathname: string, error: unknown) {
  const unavailable = isDatabaseUnavailable(error);
  if (!unavailable) {
    log.error(
      { err: error, requestId: req.headers["x-request-id"], method: req.method, path: pathname },
      "unhandled error",
    );
  }
  if (res.headersSent) res.destroy();
  else if (unavailable) sendFailure(res, pathname, databaseUnavailableError());
  else sendFailure(res, pathname, new AppError("INTERNAL_ERROR", GENERIC_FAILURE));
}

/**
 * Prometheus text for whoever may read it (decision 093); everyone else meets the 404 page,
 * as at any address the site does not have.
 */
function serveMetrics(req: IncomingMessage, res: ServerResponse): void {
  metricsRegistry.metrics().then(
    (text) => {
      res.writeHead(200, {
        "Content-Type": metricsRegistry.contentType,
        "Cache-Control": "no-store",
      });
      res.end(text);
    },
    (error: unknown) => failRequest(req, res, "/metrics", error),
  );
}

function route(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  record: RequestRecord,
): void {
  if (!APP_METHODS.includes(req.method ?? "")) {
    res.setHeader("Allow", APP_METHODS.join(", "));
    sendFailure(res, pathname, new AppError("METHOD_NOT_ALLOWED", "Method not allowed."));
    return;
  }
  if (pathname === "/healthz") {
    record.route = "/healthz";
    sendJson(res, 200, { status: "ok" });
    return;
  }
  if (pathname === "/readyz") {
    record.route = "/readyz";
    void readiness().then((ready) =>
      sendJson(res, ready ? 200 : 503, { status: ready ? "ready" : "unavailable" }),
    );
    return;
  }
  const reads = req.method === "GET" || req.method === "HEAD";
  if (
    pathname === "/metrics" &&
    reads &&
    mayReadMetrics(req.headers, req.headers["x-client-address"] as string, config.METRICS_TOKEN)
  ) {
    record.route = "/metrics";
    serveMetrics(req, res);
    return;
  }
  // The site has no astro:assets images, so the image service is not offered at all.
  if (pathname === "/_image") {
    record.route = "(unmatched)";
    sendFailure(res, pathname, new AppError("NOT_FOUND", "Not found."));
    return;
  }
  if (reads) {
    const file = ratedPages.file(pathname) ?? staticFiles.get(pathname);
    if (file) {
      record.route = "(static)";
      serveStaticFile(req, res, file);
      return;
    }
    // `/about/` is the page `/about` (trailingSlash: "never").
    const page = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : null;
    if (page && staticFiles.get(page)?.type.startsWith("text/html")) {
      record.route = "(redirect)";
      const query = req.url!.slice(pathname.length);
      res.writeHead(301, { Location: `${page}${query}` });
      res.end();
      return;
    }
  }
  // Every endpoint lives under /api in lower case: /API/… or /Api/… has none, and Astro
  // would answer it with the HTML 404 page where a client of the API reads JSON.
  if (isApiPath(pathname) && !pathname.startsWith("/api")) {
    record.route = "(unmatched)";
    sendFailure(res, pathname, noApiEndpoint());
    return;
  }
  // What Astro would fail to decode (an encoded byte that is not UTF-8).
  if (!decodesAsUtf8(pathname)) {
    refuseMalformed(req, res, pathname, log);
    return;
  }
  // Astro's middleware names the route's pattern in the locals; none for an unknown address.
  record.route = undefined;
  try {
    const answered = handler(req, res, undefined, record.locals) as unknown;
    if (answered instanceof Promise)
      answered.catch((error) => failRequest(req, res, pathname, error));
  } catch (error) {
    failRequest(req, res, pathname, error);
  }
}

const admit = admitRequests(config.MAX_REQUESTS_PER_ADDRESS);
const apiReads = new ApiReadRate(config.API_READS_PER_ADDRESS);
const closingAfterRefusal = new WeakSet<Socket>();

function isApiRead(method: string | undefined, pathname: string): boolean {
  return (method === "GET" || method === "HEAD") && isApiPath(pathname);
}

/**
 * 429 past the read rate, and the connection closed after it: a client pipelining reads
 * would otherwise make the server answer each one, and the refusals themselves would take
 * the CPU (decision 085). A browser opens a new connection when it asks again.
 */
function refuseRead(req: IncomingMessage, res: ServerResponse, waitMs: number): void {
  closingAfterRefusal.add(req.socket);
  res.setHeader("Connection", "close");
  sendAppError(res, rateLimitedError(waitMs));
}

/** A request within the read rate: admitted within its address's limits, then routed. */
function serve(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  network: string,
  record: RequestRecord,
) {
  if (!admit(req, res, network)) {
    const busy = new AppError("SERVICE_UNAVAILABLE", SERVICE_BUSY, {
      headers: { "Retry-After": "1" },
    });
    sendFailure(res, pathname, busy);
    return;
  }
  try {
    // The access line counts the request's database statements.
    countQueries(record.counts, () => route(req, res, pathname, record));
  } catch (error) {
    failRequest(req, res, pathname, error);
  }
}

const server = createServer(
  {
    // Slow senders may not hold a socket: the headers, then the whole request, must arrive
    // in time, or Node answers 408 and closes. Node stops the clock once the request has
    // arrived, so answers that stream (SSE included) are not limited by it.
    headersTimeout: config.HEADERS_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 5_000,
    connectionsCheckingInterval: 1_000,
  },
  (req, res) => {
    // Requests pipelined behind a refused read get no answer: Node closes the connection
    // once the 429 is out, so making theirs would be work for nobody.
    if (closingAfterRefusal.has(req.socket)) return;
    const target = canonicalRequestTarget(req.url ?? "/");
    const pathname = target === null ? "/" : target.split("?")[0]!;
    secureHeadersOnWrite(res, pathname, {
      isProduction: config.isProduction,
      staticCsp,
      draining: () => draining,
    });
    // One id from here on: the logs below and the middleware's own use this header.
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    req.headers["x-request-id"] = requestId;
    // Every answer names it, so that a client's report finds its access line.
    res.setHeader("X-Request-Id", requestId);
    const record = recordRequest(req, res, pathname, { log, methods: APP_METHODS });
    // Until route() says where it went.
    record.route = "(refused)";
    if (target === null || !isValidHostHeader(req.headers.host)) {
      refuseMalformed(req, res, target === null ? null : pathname, log);
      return;
    }
    req.url = target;
    const address = clientAddress(req, config.TRUSTED_PROXY.proxies);
    req.headers["x-client-address"] = address;
    const network = clientNetwork(address, config.IPV6_PREFIX_LENGTH);
    if (!isApiRead(req.method, pathname)) {
      serve(req, res, pathname, network, record);
      return;
    }
    const knownWait = apiReads.knownWait(network);
    if (knownWait !== null) {
      refuseRead(req, res, knownWait);
      return;
    }
    apiReads.consume(network).then(
      (waitMs) =>
        waitMs === 0 ? serve(req, res, pathname, network, record) : refuseRead(req, res, waitMs),
      (error: unknown) => failRequest(req, res, pathname, error),
    );
  },
);
// Counted here, once the database and the build are open.
guardConnections(server, connectionCap(openFileLimit(), openFileCount()));
limitConnectionsPerAddress(server, config.MAX_CONNECTIONS_PER_ADDRESS, {
  isTrustedProxy: (address) => Boolean(config.TRUSTED_PROXY.proxies?.(address, 0)),
  networkOf: (address) => clientNetwork(address, config.IPV6_PREFIX_LENGTH),
});
server.on("connect", (_req: IncomingMessage, socket: Duplex) => refuseConnect(socket, APP_METHODS));
server.on("clientError", (error: NodeJS.ErrnoException, socket) =>
  refuseUnparsable(error, socket, log),
);

server.listen(config.PORT, config.HOST, () => {
  const { port } = server.address() as AddressInfo;
  log.info(
    { port, host: config.HOST, database: database.kind, url: `http://${config.HOST}:${port}` },
    "listening",
  );
});

const stopJobs = startJobs(serverJobs(database, config.RESERVATION_TIMEOUT_MS));

/**
 * Stops accepting, then waits until every open connection has closed: idle keep-alive
 * connections are closed at once, and every answer written while draining carries
 * `Connection: close`, so a request still arriving (or a stream still running) gets its
 * answer and then its connection ends. Past SHUTDOWN_TIMEOUT_MS the rest are cut.
 */
async function shutdown(signal: string): Promise<void> {
  if (draining) return;
  draining = true;
  stopJobs();
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
  await closeLocalWriter().catch((error: unknown) =>
    log.error({ err: error }, "local writer close failed"),
  );
  await closeDatabase().catch((error: unknown) =>
    log.error({ err: error }, "database close failed"),
  );
  log.info("stopped");
  process.exit(0);
}

// `on`, not `once`: a library's signal-exit handler (node-llama-cpp's lock files) re-raises a
// signal that no other listener is left to handle, which would kill the drain half-way.
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

/** The configuration, or one line naming what is wrong and exit 1: no stack for a typo. */
function configToServe(): Config {
  try {
    const config = getConfig();
    assertReadyToServe(config);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
