import { pino, type Logger } from "pino";
import { getConfig } from "./config.ts";

let logger: Logger | undefined;

/** JSON lines in production and tests (machine-read), pretty in development when available. */
export function getLogger(): Logger {
  if (logger) return logger;
  const config = getConfig();
  const pretty = config.NODE_ENV === "development" && process.stdout.isTTY;
  logger = pino({
    level: config.LOG_LEVEL,
    base: undefined,
    redact: ["req.headers.authorization", "req.headers.cookie", "token", "password"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { colorize: true } } } : {}),
  });
  return logger;
}
