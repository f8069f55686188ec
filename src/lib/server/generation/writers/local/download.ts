import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { pipeline } from "node:stream/promises";
import pRetry from "p-retry";
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from "#server/data-dir.ts";

export interface DownloadProgress {
  received: number;
  /** Null when the server did not say. */
  total: number | null;
}

/** The file arrived but is not the one announced: deleted, and not tried again. */
export class DownloadRefused extends Error {
  override name = "DownloadRefused";
}

/** The host answered with a status instead of the file ("HTTP 503 Service Unavailable"). */
export class HttpStatusError extends Error {
  override name = "HttpStatusError";
  readonly status: number;
  constructor(status: number, statusText: string) {
    super(`HTTP ${status} ${statusText}`.trim());
    this.status = status;
  }

  /** Asking again may help: the host is busy, down for a moment or limiting us. */
  get transient(): boolean {
    return this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

/** An attempt, or the whole download, failed; the message names the cause. */
export class DownloadFailed extends Error {
  override name = "DownloadFailed";
}

const NO_NETWORK = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);
const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);
const CUT = new Set([
  "ECONNRESET",
  "EPIPE",
  "ECONNABORTED",
  "UND_ERR_SOCKET",
  "UND_ERR_BODY_TIMEOUT",
]);

/** The error and its causes (fetch's "fetch failed" hides the system error in `cause`). */
function* chainOf(error: unknown): Generator<Error & { code?: string }> {
  for (let depth = 0; error instanceof Error && depth < 8; depth++) {
    yield error;
    if (error instanceof AggregateError)
      yield* error.errors.flatMap((inner) => [...chainOf(inner)]);
    error = error.cause;
  }
}

/**
 * One phrase for why a download failed, naming the cause where the error says it: "no
 * network (getaddrinfo ENOTFOUND huggingface.co)", "disk full (…)", "the connection was cut
 * (…)", "HTTP 503 Service Unavailable", "checksum mismatch: …"; otherwise the message.
 */
export function describeDownloadError(error: unknown): string {
  const chain = [...chainOf(error)];
  const named = (codes: Set<string>) => chain.find((link) => link.code && codes.has(link.code));
  const detail = (link: Error & { code?: string }) =>
    link.message && link.message !== link.code ? link.message : (link.code ?? "");
  const offline = named(NO_NETWORK);
  if (offline) return `no network (${detail(offline)})`;
  const full = named(DISK_FULL);
  if (full) return `disk full (${detail(full)})`;
  const cut = named(CUT);
  if (cut) return `the connection was cut (${detail(cut)})`;
  const [top, deepest] = [chain[0], chain.at(-1)];
  if (!top) return String(error);
  return deepest && deepest !== top ? `${top.message} (${detail(deepest)})` : top.message;
}

/** What is known of the file before it arrives. */
export interface ExpectedFile {
  size?: number;
  sha256?: string;
}

/**
 * Where the bytes are and what they should be. Hugging Face answers a `resolve` URL with a
 * redirect to its CDN that names the file's size and SHA-256 (`X-Linked-Size`,
 * `X-Linked-Etag`); any other server is taken at its word (Content-Length).
 */
export async function locate(
  url: string,
  signal?: AbortSignal,
): Promise<{ url: string; expected: ExpectedFile }> {
  const response = await fetch(url, { method: "HEAD", redirect: "manual", signal });
  // A busy or failing host is asked again later; other answers are for the GET to give.
  if (response.status >= 500 || response.status === 429) {
    throw new HttpStatusError(response.status, response.statusText);
  }
  const location = response.headers.get("location");
  if (response.status < 300 || response.status >= 400 || !location) {
    return { url, expected: {} };
  }
  const size = Number(response.headers.get("x-linked-size") ?? Number.NaN);
  const etag = (response.headers.get("x-linked-etag") ?? "").replace(/^W\//, "").replace(/"/g, "");
  return {
    url: new URL(location, url).href,
    expected: {
      ...(Number.isSafeInteger(size) && size > 0 ? { size } : {}),
      ...(/^[0-9a-f]{64}$/i.test(etag) ? { sha256: etag.toLowerCase() } : {}),
    },
  };
}

/** What a half-done download remembers, so that it resumes only the same file. */
interface PartInfo {
  url: string;
  etag: string | null;
  total: number | null;
}

async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function readPartInfo(path: string): Promise<PartInfo | null> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as PartInfo;
  } catch {
    return null;
  }
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** `bytes 100-199/1000` → its first byte and the whole size. */
function parseContentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === "*" ? null : Number(match[2]) };
}

/**
 * One attempt to bring `url` to `path`: written to `path.part`, resumed from where an
 * earlier attempt stopped (a Range request, with If-Range so that a changed file starts
 * over), checked against the size the server gave (and `sha256` when known), then renamed
 * into place. A cut leaves the part file for the next attempt; a file that fails a check
 * is deleted and refused.
 */
export async function downloadOnce(
  url: string,
  path: string,
  options: {
    signal?: AbortSignal;
    onProgress?: (progress: DownloadProgress) => void;
  } = {},
): Promise<void> {
  const located = await locate(url, options.signal);
  const expected = located.expected;
  await mkdir(dirname(path), { recursive: true, mode: OWNER_ONLY_DIR });
  const part = `${path}.part`;
  const infoPath = `${path}.part.json`;
  const info = await readPartInfo(infoPath);
  let offset = info?.url === url ? await sizeOf(part) : 0;
  if (offset === 0) await rm(part, { force: true });

  const headers: Record<string, string> = {};
  if (offset > 0) {
    headers.range = `bytes=${offset}-`;
    if (info?.etag) headers["if-range"] = info.etag;
  }
  const response = await fetch(located.url, {
    headers,
    signal: options.signal,
    redirect: "follow",
  });
  let total: number | null;
  if (response.status === 206) {
    const range = parseContentRange(response.headers.get("content-range"));
    if (!range || range.start !== offset || (info?.total != null && range.total !== info.total)) {
      await response.body?.cancel();
      await rm(part, { force: true });
      throw new Error("the server resumed at the wrong place; starting over next time");
    }
    total = range.total;
  } else if (response.ok) {
    offset = 0;
    const length = response.headers.get("content-length");
    total = length === null ? null : Number(length);
  } else if (response.status === 416 && offset > 0) {
    // Nothing left to send: the part may be whole already; the size check below says.
    await response.body?.cancel();
    total = info?.total ?? null;
  } else {
    await response.body?.cancel();
    throw new HttpStatusError(response.status, response.statusText);
  }
  const refuse = async (reason: string): Promise<never> => {
    await response.body?.cancel().catch(() => {});
    await rm(part, { force: true });
    await rm(infoPath, { force: true });
    throw new DownloadRefused(reason);
  };
  if (expected.size !== undefined) {
    if (total !== null && total !== expected.size) {
      await refuse(
        `size mismatch: the server offers ${total} bytes where the model has ${expected.size}`,
      );
    }
    total = expected.size;
  }
  await writeFile(
    infoPath,
    JSON.stringify({ url, etag: response.headers.get("etag"), total } satisfies PartInfo),
    { mode: OWNER_ONLY_FILE },
  );

  let received = offset;
  options.onProgress?.({ received, total });
  if (response.body && response.status !== 416) {
    const body = response.body;
    const counted = async function* () {
      for await (const chunk of body) {
        received += chunk.length;
        options.onProgress?.({ received, total });
        yield chunk;
      }
    };
    await pipeline(
      counted,
      createWriteStream(part, { flags: offset > 0 ? "a" : "w", mode: OWNER_ONLY_FILE }),
      {
        signal: options.signal,
      },
    );
  }

  const size = await sizeOf(part);
  // Fewer bytes than announced: the connection was cut; the next attempt resumes.
  if (total !== null && size < total) {
    throw new Error(`the connection was cut at ${size} of ${total} bytes`);
  }
  if (total !== null && size > total) {
    await refuse(`size mismatch: ${size} bytes arrived where ${total} were announced`);
  }
  if (expected.sha256) {
    const actual = await sha256Of(part);
    if (actual !== expected.sha256) {
      await refuse(`checksum mismatch: its SHA-256 is ${actual}, not ${expected.sha256}`);
    }
  }
  await rename(part, path);
  await rm(infoPath, { force: true });
}

/** A failed attempt that will be tried again. */
export interface DownloadRetry {
  /** The attempt that failed, from 1. */
  attempt: number;
  /** Why, as `describeDownloadError` says it. */
  reason: string;
  /** How long until the next attempt. */
  delayMs: number;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Attempts in all (4 unless given). */
  attempts?: number;
  /** The wait after the first failure, doubled after each one after it (2 s unless given). */
  retryDelayMs?: number;
  onRetry?: (retry: DownloadRetry) => void;
}

/**
 * Downloads with resumed retries and exponential backoff (p-retry: a flaky connection costs
 * a pause, not a restart). A file that fails its checks is refused at once, and so is an
 * HTTP answer that asking again will not change (404, 403…). What is thrown names the
 * cause: a `DownloadRefused`, or a `DownloadFailed` whose message is
 * `describeDownloadError`'s; an abort through `signal` throws its reason.
 */
export async function downloadModel(
  url: string,
  path: string,
  options: DownloadOptions = {},
): Promise<void> {
  const attempts = Math.max(1, options.attempts ?? 4);
  await pRetry(
    async () => {
      try {
        await downloadOnce(url, path, options);
      } catch (error) {
        if (error instanceof DownloadRefused || options.signal?.aborted) throw error;
        throw new DownloadFailed(describeDownloadError(error), { cause: error });
      }
    },
    {
      retries: attempts - 1,
      minTimeout: options.retryDelayMs ?? 2_000,
      factor: 2,
      maxTimeout: 5 * 60_000,
      signal: options.signal,
      shouldRetry: ({ error, attemptNumber, retryDelay }) => {
        const status = [...chainOf(error)].find((link) => link instanceof HttpStatusError);
        const again =
          !(error instanceof DownloadRefused) &&
          (!(status instanceof HttpStatusError) || status.transient);
        if (again) {
          options.onRetry?.({ attempt: attemptNumber, reason: error.message, delayMs: retryDelay });
        }
        return again;
      },
    },
  );
}
