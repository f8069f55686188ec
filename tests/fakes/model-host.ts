import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ModelHostOptions {
  /** The file it serves. */
  file: Buffer;
  /** Its name in the URL. */
  name: string;
  /** Announce this size in X-Linked-Size instead of the real one. */
  announcedSize?: number;
  /** Cut the first full download after this many bytes (destroying the connection). */
  cutFirstAt?: number;
  /** Send this many bytes of every full download, then wait for `release()`. */
  holdAt?: number;
  /** Answer the first this many requests for the bytes with 503 Service Unavailable. */
  unavailableFirst?: number;
  /** Announce this SHA-256 in X-Linked-Etag instead of the real one. */
  announcedSha256?: string;
}

/**
 * A loopback model host that speaks like Hugging Face: `/<owner>/<repo>/resolve/main/<name>`
 * answers 302 to a CDN address with the file's size and SHA-256 in `X-Linked-Size` and
 * `X-Linked-Etag`; the CDN address serves the bytes, with Range requests and an ETag.
 */
export async function startModelHost(options: ModelHostOptions) {
  const { file, name } = options;
  const sha256 = createHash("sha256").update(file).digest("hex");
  const etag = `"${sha256.slice(0, 16)}"`;
  const requests: { path: string; method: string; range?: string }[] = [];
  let fullDownloads = 0;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));

  let unavailable = options.unavailableFirst ?? 0;

  const serveBytes = async (req: IncomingMessage, res: ServerResponse) => {
    if (unavailable > 0) {
      unavailable--;
      res.writeHead(503, { "retry-after": "1" });
      return res.end("busy");
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    const start = range && req.headers["if-range"] !== '"changed"' ? Number(range[1]) : 0;
    if (start >= file.length) {
      res.writeHead(416, { "content-range": `bytes */${file.length}` });
      return res.end();
    }
    const body = file.subarray(start);
    res.writeHead(start > 0 ? 206 : 200, {
      "content-type": "application/octet-stream",
      "content-length": body.length,
      etag,
      "accept-ranges": "bytes",
      ...(start > 0 ? { "content-range": `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
    });
    if (req.method === "HEAD") return res.end();
    if (start === 0) fullDownloads++;
    if (start === 0 && fullDownloads === 1 && options.cutFirstAt !== undefined) {
      res.write(body.subarray(0, options.cutFirstAt), () => res.destroy());
      return;
    }
    if (start === 0 && options.holdAt !== undefined) {
      res.write(body.subarray(0, options.holdAt));
      await released;
      return res.end(body.subarray(options.holdAt));
    }
    res.end(body);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://host").pathname;
    requests.push({ path, method: req.method ?? "GET", range: req.headers.range });
    if (path === `/test/tiny/resolve/main/${name}`) {
      res.writeHead(302, {
        location: `/cdn/${name}`,
        "x-linked-size": String(options.announcedSize ?? file.length),
        "x-linked-etag": `"${options.announcedSha256 ?? sha256}"`,
      });
      return res.end();
    }
    if (path === `/cdn/${name}`) return void serveBytes(req, res);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    /** The address to put in LOCAL_MODEL. */
    modelUrl: `${url}/test/tiny/resolve/main/${name}`,
    requests,
    sha256,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
