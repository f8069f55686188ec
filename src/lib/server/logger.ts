import { pino, type Logger } from "pino";
import { getConfig } from "./config.ts";

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
  if (logger) return logger;
  const config = getConfig();
  const pretty = config.NODE_ENV === "development" && process.stdout.isTTY;
  logger = pino({
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.authorization", "req.headers.cookie", "token", "password"],
    hooks: { streamWrite: withoutEmailAddresses },
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
  return logger;
}
