import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Prerendered pages and built assets, held in memory with their ETag and a gzip copy.
 * The adapter's static handler stats and streams each file and matches the route again
 * for every request; the site is small, so serving from memory costs little and is the
 * difference between a fraction of a bare server's throughput and most of it.
 */
export interface StaticFile {
  body: Buffer;
  gzip: Buffer | undefined;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".css",
  ".svg",
  ".txt",
  ".xml",
  ".json",
  ".webmanifest",
]);

/** A strong ETag: the start of the body's SHA-256. */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Route path → file: `about/index.html` is `/about`, `index.html` is `/`; 404.html is left to Astro. */
export function loadStaticFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(clientDir)) {
    const rel = relative(clientDir, path).split(sep).join("/");
    if (rel === "404.html") continue;
    const route =
      rel === "index.html"
        ? "/"
        : rel.endsWith("/index.html")
          ? `/${rel.slice(0, -"/index.html".length)}`
          : `/${rel}`;
    const extension = extname(rel);
    const body = readFileSync(path);
    const gzip =
      COMPRESSIBLE.has(extension) && body.length > 512 ? gzipSync(body, { level: 9 }) : undefined;
    files.set(route, {
      body,
      gzip: gzip && gzip.length < body.length ? gzip : undefined,
      type: TYPES[extension] ?? "application/octet-stream",
      etag: etagOf(body),
      cacheControl: rel.startsWith("_astro/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=0, must-revalidate",
    });
  }
  return files;
}

function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers["accept-encoding"];
  return (
    typeof accept === "string" && /\bgzip\b/.test(accept) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accept)
  );
}

/**
 * The one byte range a `Range: bytes=…` header asks for, within `size`; "unsatisfiable"
 * when it starts past the end; null when there is none to honour (absent, several ranges,
 * another unit), so the whole file is sent. Safari plays a video only from byte ranges.
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    // A suffix: the last N bytes.
    const length = Number(match[2]);
    if (length === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/** Answers a GET or HEAD for a static file: 304 for a matching ETag, gzip when accepted. */
export function serveStaticFile(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  const headers: Record<string, string | number> = {
    "Content-Type": file.type,
    ETag: file.etag,
    "Cache-Control": file.cacheControl,
    Vary: "Accept-Encoding",
  };
  const match = req.headers["if-none-match"];
  if (
    typeof match === "string" &&
    match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)
  ) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  if (!file.gzip) {
    // Files sent as they are (images, videos, fonts) also answer byte ranges.
    headers["Accept-Ranges"] = "bytes";
    const range = requestedRange(req.headers.range, file.body.length);
    if (range === "unsatisfiable") {
      headers["Content-Range"] = `bytes */${file.body.length}`;
      res.writeHead(416, headers);
      res.end();
      return;
    }
    if (range) {
      const part = file.body.subarray(range.start, range.end + 1);
      headers["Content-Range"] = `bytes ${range.start}-${range.end}/${file.body.length}`;
      headers["Content-Length"] = part.length;
      res.writeHead(206, headers);
      res.end(req.method === "HEAD" ? undefined : part);
      return;
    }
  }
  const gzip = file.gzip && acceptsGzip(req) ? file.gzip : undefined;
  const body = gzip ?? file.body;
  if (gzip) headers["Content-Encoding"] = "gzip";
  headers["Content-Length"] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
