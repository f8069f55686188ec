import type { WriterErrorReason } from "#server/metrics.ts";

/** A writer's deadline passed: silent too long, or its whole text took too long. */
export class WriterTimeout extends Error {
  override name = "WriterTimeout";
}

/** A hosted writer's stream ended before its end mark: the text is incomplete. */
export class WriterCutOff extends Error {
  override name = "WriterCutOff";
}

/** A hosted writer answered with a status other than 2xx. */
export class WriterHttpError extends Error {
  override name = "WriterHttpError";
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** An answer that held no text. */
export class WriterEmptyAnswer extends Error {
  override name = "WriterEmptyAnswer";
}

/** Connection failures short of an answer (Node's and undici's codes). */
const NETWORK_CODES = new Set([
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ETIMEDOUT",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The error and its causes, outermost first (a few deep at most). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at && chain.length < 5; at = (at as { cause?: unknown }).cause) {
    chain.push(at);
  }
  return chain;
}

/**
 * Why a hosted writer failed, as one of a fixed few reasons (a label on /metrics never
 * carries an error's own words): our deadlines and marks, an HTTP status (ours or the
 * Mistral SDK's `statusCode`) by class, a refused connection, other connection failures.
 */
export function writerErrorReason(error: unknown): WriterErrorReason {
  const chain = causes(error);
  for (const at of chain) {
    if (at instanceof WriterTimeout) return "timeout";
    if (at instanceof WriterCutOff) return "cut";
    if (at instanceof WriterEmptyAnswer) return "empty";
    const answer = at as { status?: unknown; statusCode?: unknown };
    const code = answer.statusCode ?? answer.status;
    if (typeof code === "number" && code >= 400 && code < 600) {
      return code < 500 ? "http_4xx" : "http_5xx";
    }
  }
  const codes = chain.map((at) => (at as { code?: unknown } | null)?.code);
  if (codes.includes("ECONNREFUSED")) return "refused";
  if (codes.some((code) => typeof code === "string" && NETWORK_CODES.has(code))) return "network";
  const names = chain.map((at) => (at as { name?: unknown } | null)?.name);
  if (names.includes("ConnectionError")) return "network";
  return "other";
}
