import { pino, type Logger } from "pino";
import { getConfig } from "./config.ts";

let logger: Logger | undefined;

/** JSON lines in production and tests (machine-read), pretty in development when available. */
export function getLogger(): Logger {
  if (logger) return logger;
  const config = getConfig();
  const pretty = config.NODE_ENV === "development" && process.stdout.isTTY;
  const options = {
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.authorization", "req.headers.cookie", "token", "password"],
  };
  logger = pretty
    ? pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } })
    : // Lines written while a write is under way go out together in the next one, rather
      // than a system call each: the access log writes one a request (decision 093). pino
      // writes what is left when the process exits.
      pino(options, pino.destination({ dest: 1, sync: false }));
  return logger;
}
