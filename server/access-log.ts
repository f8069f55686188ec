import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { httpRequestSeconds } from "#server/metrics.ts";

/**
 * One line at info and one observation on /metrics per request, once its answer has ended
 * (or its connection closed first), decision 093. The line has the request id, the method,
 * the path without its query (a reset link's token rides in the query), the route, the
 * status, the milliseconds and the database statements; never headers, cookies or the
 * client's address (the privacy policy promises only a hash of it is kept).
 */

/** Where the answer came from, for requests that never reach an Astro route. */
export type HostRoute =
  "/healthz" | "/readyz" | "/metrics" | "(static)" | "(redirect)" | "(refused)" | "(unmatched)";

export interface RequestRecord {
  /** Set by the host when it answers itself; else Astro's route pattern, or unmatched. */
  route: HostRoute | undefined;
  /** Handed to Astro's handler as its locals: the middleware names the route there. */
  readonly locals: { routePattern?: string };
  /** The database statements the request made (db/query-count.ts). */
  readonly counts: { queries: number };
}

export function recordRequest(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  options: { log: Logger; methods: readonly string[] },
): RequestRecord {
  const started = performance.now();
  const record: RequestRecord = { route: undefined, locals: {}, counts: { queries: 0 } };
  res.once("close", () => {
    const seconds = (performance.now() - started) / 1000;
    const route = record.route ?? record.locals.routePattern ?? "(unmatched)";
    const method = req.method ?? "";
    const status = res.statusCode;
    httpRequestSeconds.observe(
      { method: options.methods.includes(method) ? method : "other", route, status },
      seconds,
    );
    options.log.info(
      {
        requestId: req.headers["x-request-id"],
        method,
        path: pathname,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        queries: record.counts.queries,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
  });
  return record;
}
