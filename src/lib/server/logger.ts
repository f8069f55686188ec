import { pino, stdSerializers, type Logger, type LoggerOptions } from "pino";
import { getConfig, type Config } from "./config.ts";

let logger: Logger | undefined;

/** A line at warn (40), error (50) or fatal (60), as pino writes it (`base` is unset). */
const WARN_OR_WORSE = /^\{"level":(?:40|50|60),/;
/** Something shaped like an e-mail address: a local part, an @, a domain with a TLD. */
const EMAIL_ADDRESS =
  /[\p{L}\p{N}.!#$%&'*+=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

/**
 * A log line with every e-mail address in it replaced, for warn and worse: those lines
 * carry errors whose messages we do not write (a database error lists a query's
 * parameters, a mail server's reply names the recipient) and are read by more people.
 * The line is parsed and written again, so a replacement never breaks its JSON.
 */
export function withoutEmailAddresses(line: string): string {
  if (!WARN_OR_WORSE.test(line) || !line.includes("@")) return line;
  const scrub = (text: string) => text.replace(EMAIL_ADDRESS, "[address]");
  try {
    const entry: unknown = JSON.parse(line, (_key, value: unknown) =>
      typeof value === "string" ? scrub(value) : value,
    );
    return `${JSON.stringify(entry)}\n`;
  } catch {
    return scrub(line);
  }
}

/** JSON lines in production and tests (machine-read), pretty in development when available. */
export function getLogger(): Logger {
  logger ??= pino(loggerOptions(getConfig()));
  return logger;
}

/** The logger's settings; an error is logged without the values of a query that failed. */
export function loggerOptions(config: Config): LoggerOptions {
  const pretty = config.NODE_ENV === "development" && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.authorization", "req.headers.cookie", "token", "password"],
    hooks: { streamWrite: withoutEmailAddresses },
    serializers: { err: (error: Error) => stdSerializers.err(withoutQueryValues(error) as Error) },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  };
}

/** drizzle's failed query: "Failed query: <statement>\nparams: <values>". */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;
/**
 * A query's values as errors keep them: drizzle's and PGlite's `params` (and PGlite's
 * `queryOptions`), and PostgreSQL's `detail`, which quotes them ("Key (email)=(…) already
 * exists", "Failing row contains (…)").
 */
const VALUE_FIELDS = new Set(["params", "queryOptions", "detail"]);

function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === "object" && value !== null && typeof (value as Error).message === "string"
  );
}

/**
 * A copy of an error, and of its causes, without the values of the query that failed (a
 * session id, an address, a text): what a log line or a stack trace may carry. The
 * statement itself stays, with its $1 placeholders. Anything else is returned as it is.
 */
export function withoutQueryValues(error: unknown, seen = new Set<unknown>()): unknown {
  if (!isErrorLike(error) || seen.has(error)) return error;
  seen.add(error);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key)) copy[key] = value;
  }
  const message = error.message.replace(PARAMS_IN_MESSAGE, "");
  const hidden = { enumerable: false, writable: true, configurable: true };
  Object.defineProperty(copy, "message", { ...hidden, value: message });
  if (typeof error.stack === "string") {
    Object.defineProperty(copy, "stack", { ...hidden, value: stackWithout(error, message) });
  }
  if ("cause" in error) {
    const enumerable = Object.keys(error).includes("cause");
    const cause = withoutQueryValues(error.cause, seen);
    Object.defineProperty(copy, "cause", { ...hidden, enumerable, value: cause });
  }
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) {
    const errors = inner.map((each) => withoutQueryValues(each, seen));
    Object.defineProperty(copy, "errors", { ...hidden, value: errors });
  }
  return copy;
}

/** The stack's frames under the message without values (the stack repeats the message). */
function stackWithout(error: Error, message: string): string {
  const stack = error.stack!;
  if (message === error.message) return stack;
  const frames = stack.search(/\n\s+at /);
  return `${error.name}: ${message}${frames === -1 ? "" : stack.slice(frames)}`;
}
