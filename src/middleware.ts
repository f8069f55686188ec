import { defineMiddleware } from "astro:middleware";
import {
  deleteSessionCookie,
  readSessionToken,
  setSessionCookie,
} from "./lib/server/auth/cookies.ts";
import { sessionExpired, validateSessionToken } from "./lib/server/auth/sessions.ts";
import { systemNow } from "./lib/server/clock.ts";
import { getConfig } from "./lib/server/config.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "./lib/server/db/errors.ts";
import { getDb } from "./lib/server/db/index.ts";
import { AppError } from "./lib/server/errors.ts";
import { isConsoleApiPath, isOperator } from "./lib/server/console/operators.ts";
import { errorResponse, isJsonContentType, noApiEndpoint } from "./lib/server/http/api.ts";
import { looksLikeApiKey } from "./lib/server/api-keys/api-keys.ts";
import { apiKeyCaller } from "./lib/server/http/api-key-access.ts";
import {
  assertApiBodyHeaders,
  assertSameOrigin,
  isApiPath,
} from "./lib/server/http/request-guards.ts";
import { clientNetwork } from "./lib/server/network/client-network.ts";
import { isModerationApiPath } from "./lib/server/http/moderation.ts";
import { requestIdFrom } from "./lib/server/http/request-id.ts";
import { getLogger, withoutQueryValues } from "./lib/server/logger.ts";

/** Astro's own answers on /api (an endpoint without that method, say) in our error shape. */
function statusError(status: number): AppError {
  if (status === 404) return new AppError("NOT_FOUND", "Not found.");
  if (status === 405) return new AppError("METHOD_NOT_ALLOWED", "Method not allowed.");
  if (status === 413) return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.");
  if (status === 403) return new AppError("FORBIDDEN", "The request was refused.");
  if (status === 415) return new AppError("UNSUPPORTED_MEDIA_TYPE", "The request was refused.");
  if (status < 500) return new AppError("BAD_REQUEST", "The request was refused.");
  return new AppError("INTERNAL_ERROR", "Something went wrong. Please try again later.");
}

/** Redirects and fetched responses have immutable headers; those are copied. */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
}

/** A page that could not be made for want of the database: try again shortly (503). */
function unavailablePage(error: AppError): Response {
  return new Response(error.message, {
    status: error.status,
    headers: {
      ...error.headers,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

type Context = Parameters<Parameters<typeof defineMiddleware>[0]>[0];

/**
 * Puts the session's user on locals; a stale cookie is removed, a used one extended. On the
 * API a bearer token that is no live session (forged, revoked, expired) is refused with 401,
 * as `/me` refuses it: its sender meant to be someone, and is not served as a guest. The
 * moderation API's bearer is its own token, checked there. An API key (`atg_…`) acts for
 * its account on its own paths only (http/api-key-access.ts).
 */
async function authenticate(context: Context, api: boolean): Promise<void> {
  const source = readSessionToken(context.request, context.cookies, context.url);
  if (!source) return;
  if (source.kind === "bearer" && looksLikeApiKey(source.token)) {
    if (isModerationApiPath(context.url.pathname)) return;
    const caller = await apiKeyCaller(context.url.pathname, source.token);
    context.locals.user = caller.user;
    context.locals.apiKeyId = caller.keyId;
    context.locals.authSource = "apiKey";
    return;
  }
  const now = systemNow();
  const result = source.token ? await validateSessionToken(await getDb(), source.token, now) : null;
  if (!result) {
    if (source.kind === "cookie") deleteSessionCookie(context.cookies, context.url);
    else if (api && !isModerationApiPath(context.url.pathname)) throw sessionExpired();
    return;
  }
  context.locals.user = result.user;
  context.locals.session = result.session;
  context.locals.authSource = source.kind;
  if (source.kind === "cookie" && result.session.lastUsedAt.getTime() === now.getTime()) {
    setSessionCookie(context.cookies, context.url, source.token, result.session.expiresAt);
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages pass through here only at build time.
  if (context.isPrerendered) return next();
  // For the access line and /metrics (server/access-log.ts): the pattern, never the URL.
  context.locals.routePattern = context.routePattern;

  // server/main.ts has set it already; `astro dev` has not.
  const requestId = requestIdFrom(context.request.headers.get("x-request-id"));
  context.locals.requestId = requestId;
  // Set by server/main.ts on every request, overwriting anything a client sent.
  context.locals.clientAddress = context.request.headers.get("x-client-address") ?? "unknown";
  context.locals.clientNetwork = clientNetwork(
    context.locals.clientAddress,
    getConfig().IPV6_PREFIX_LENGTH,
  );
  context.locals.user = null;
  context.locals.session = null;
  context.locals.authSource = null;
  context.locals.apiKeyId = null;
  const api = isApiPath(context.url.pathname);

  let response: Response;
  try {
    const config = getConfig();
    assertSameOrigin(context.request, new URL(config.PUBLIC_URL).origin);
    if (api) assertApiBodyHeaders(context.request, context.url.pathname);
    await authenticate(context, api);
    // The console's endpoints check again each; this gate covers any method and address
    // under /api/console, so a non-operator learns nothing an unknown address would not say.
    if (isConsoleApiPath(context.url.pathname) && !isOperator(context.locals.user)) {
      throw noApiEndpoint();
    }
    response = await next();
    if (api && response.status >= 400 && !isJsonContentType(response.headers.get("content-type"))) {
      response = errorResponse(statusError(response.status));
    }
  } catch (error) {
    if (!(error instanceof AppError) && !isDatabaseUnavailable(error)) {
      getLogger().error(
        { err: error, requestId, method: context.request.method, path: context.url.pathname },
        "unhandled error",
      );
    }
    const appError =
      error instanceof AppError
        ? error
        : isDatabaseUnavailable(error)
          ? databaseUnavailableError()
          : new AppError("INTERNAL_ERROR", "Something went wrong. Please try again later.");
    if (api) response = errorResponse(appError);
    else if (isDatabaseUnavailable(error)) response = unavailablePage(appError);
    else if (error instanceof AppError) response = errorResponse(appError);
    // Astro logs the stack of what it is thrown: a failed query's values stay out of it.
    else throw withoutQueryValues(error);
  }
  return withHeader(response, "X-Request-Id", requestId);
});
