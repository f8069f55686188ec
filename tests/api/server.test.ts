import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { waitForLog } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

const server = useServer();

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

/** Sends a request line exactly as written; fetch would normalise the path first. */
function rawRequest(
  requestLine: string,
  headers: string[] = [],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1]);
      resolve({ status, text: data });
    });
    socket.on("error", reject);
    socket.write(
      [requestLine, "Host: 127.0.0.1", "Connection: close", ...headers, "", ""].join("\r\n"),
    );
  });
}

function expectErrorShape(body: unknown, code: string): void {
  expect(body).toMatchObject({ success: false, code });
  expect(typeof (body as { message: unknown }).message).toBe("string");
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js|mjs):\d+/);
}

describe("health", () => {
  it("answers /healthz and /readyz once the database is migrated", async () => {
    const health = await get("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

describe("static pages", () => {
  it.each([
    ["/", "AI Text Generator"],
    ["/about", "About Us"],
    ["/contact", "Contact Us"],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-of-service", "Terms of Service"],
  ])("%s is served as HTML with its heading and the security headers", async (path, heading) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain(heading);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it("answers an unknown page with the 404 page, status 404, noindex and a CSP", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404 - Page Not Found");
    expect(html).toContain('<meta name="robots" content="noindex,follow">');
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("lists the public pages in sitemap.xml under PUBLIC_URL and points robots.txt at it", async () => {
    const sitemap = await (await get("/sitemap.xml")).text();
    for (const path of ["/about", "/contact", "/privacy-policy", "/terms-of-service"]) {
      expect(sitemap).toContain(`<loc>http://localhost:4321${path}</loc>`);
    }
    expect(sitemap).not.toContain("/profile");
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://localhost:4321/sitemap.xml");
    expect(robots).toContain("Disallow: /api/");
  });
});

describe("static files", () => {
  it("carry an ETag and answer 304 when it matches", async () => {
    const first = await get("/about");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/about", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("are sent gzipped to clients that accept it, and plain to others", async () => {
    const zipped = await rawRequest("GET /about HTTP/1.1", ["Accept-Encoding: gzip"]);
    expect(zipped.text).toMatch(/content-encoding: gzip/i);
    const plain = await rawRequest("GET /about HTTP/1.1", ["Accept-Encoding: identity"]);
    expect(plain.text).not.toMatch(/content-encoding/i);
    expect(plain.text).toContain("About Us");
  });

  it("keep built assets cacheable for a year", async () => {
    const html = await (await get("/about")).text();
    const css = /href="(\/_astro\/[^"]+\.css)"/.exec(html)![1]!;
    const response = await get(css);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("serve a page's share card as a PNG that a crawler revalidates by its ETag", async () => {
    const html = await (await get("/write/poem")).text();
    const card = new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;
    const response = await get(card);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    // One address per page, redrawn when its name changes: never cached as immutable.
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const again = await get(card, { headers: { "if-none-match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answer HEAD without a body", async () => {
    const response = await get("/contact", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("send a page asked for with a trailing slash to its one address, query kept", async () => {
    const response = await get("/about/?ref=mail", { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about?ref=mail");
  });
});

describe("API error shape", () => {
  it.each([
    "/api/nope",
    "/api",
    "/%61pi/nope",
    "//api/nope",
    "/about/../api/nope",
    "/api/nope?x=1",
    "/API/auth/me",
    "/Api/email/my",
  ])("an unknown API address %s answers a JSON 404", async (path) => {
    const { status, text } = await rawRequest(`GET ${path} HTTP/1.1`);
    expect(status).toBe(404);
    const body = JSON.parse(
      text.slice(text.indexOf("\r\n\r\n") + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ""),
    );
    expectErrorShape(body, "NOT_FOUND");
  });

  it("refuses a body past 16 KiB with 413", async () => {
    const response = await get("/api/nope", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(17 * 1024) }),
    });
    expect(response.status).toBe(413);
    expectErrorShape(await response.json(), "PAYLOAD_TOO_LARGE");
  });

  it("refuses a write that is not JSON with 415", async () => {
    const response = await get("/api/nope", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(415);
    expectErrorShape(await response.json(), "UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a cross-origin JSON write with 403", async () => {
    const response = await get("/api/nope", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expectErrorShape(await response.json(), "FORBIDDEN");
  });

  it("sends a deny-all CSP and nosniff on JSON answers", async () => {
    const response = await get("/api/nope");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-request-id")).toMatch(/^[\w.-]{8,}$/);
  });

  it("answers a malformed address with a JSON 400", async () => {
    const { status, text } = await rawRequest("GET /%zz HTTP/1.1");
    expect(status).toBe(400);
    expect(text).toContain('"success":false');
  });

  it("answers an address with an encoded byte that is not UTF-8 with a 400", async () => {
    for (const path of ["/api/auth/%E0%A4", "/about%C0"]) {
      const { status, text } = await rawRequest(`GET ${path} HTTP/1.1`);
      expect(status, path).toBe(400);
      expect(text, path).toContain("Malformed request address.");
    }
  });
});

describe("a Host or address it cannot parse", () => {
  /** One request exactly as written, Host included; resolves with the whole answer. */
  function exchange(requestLine: string, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1");
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
      socket.write([requestLine, `Host: ${host}`, "Connection: close", "", ""].join("\r\n"));
    });
  }
  const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  /** The JSON in an answer's body, whether sent whole or in chunks. */
  const bodyOf = (answer: string): unknown =>
    JSON.parse(/\{.*\}/s.exec(answer.slice(answer.indexOf("\r\n\r\n")))?.[0] ?? "null");

  it.each(["evil@127.0.0.1", "[::1", "a b", "127.0.0.1:99999", "a/b"])(
    "answers Host %j with a JSON 400 on /api, a 400 on a page, and a warning in the log",
    async (host) => {
      const api = await exchange("GET /api/auth/me HTTP/1.1", host);
      expect(statusOf(api)).toBe(400);
      expect(api).toMatch(/^content-type: application\/json/im);
      expectErrorShape(bodyOf(api), "BAD_REQUEST");
      const page = await exchange("GET /about HTTP/1.1", host);
      expect(statusOf(page)).toBe(400);
      await waitForLog(
        server,
        (entry) =>
          entry.level === 40 &&
          entry.msg === "malformed Host header refused" &&
          entry.host === host,
      );
    },
  );

  it("answers an absolute-form address with user information with a JSON 400", async () => {
    const answer = await exchange("GET http://evil@127.0.0.1/api/auth/me HTTP/1.1", "127.0.0.1");
    expect(statusOf(answer)).toBe(400);
    expectErrorShape(bodyOf(answer), "BAD_REQUEST");
    await waitForLog(
      server,
      (entry) =>
        entry.level === 40 &&
        entry.msg === "malformed request address refused" &&
        entry.target === "http://***@127.0.0.1/api/auth/me",
    );
  });

  it.each([
    ["/%zz", "/%zz"],
    ["/api/auth/reset-password%E0%A4", "/api/auth/reset-password%E0%A4"],
    ["http://user:pa55@127.0.0.1/api/auth/login", "http://***@127.0.0.1/api/auth/login"],
  ])(
    "logs the refused address %j as %j: no query, where a link's token rides",
    async (path, logged) => {
      const secret = `t0ken${Math.random().toString(36).slice(2)}`;
      const answer = await exchange(`GET ${path}?token=${secret} HTTP/1.1`, "127.0.0.1");
      expect(statusOf(answer)).toBe(400);
      const refusal = await waitForLog(
        server,
        (entry) => entry.msg === "malformed request address refused" && entry.target === logged,
      );
      expect(refusal.level).toBe(40);
      // Its access line, written once the answer ended, is in by now or comes soon.
      await waitForLog(
        server,
        (entry) => entry.msg === "request" && entry.requestId === refusal.requestId,
      );
      expect(JSON.stringify(server.logs)).not.toContain(secret);
      expect(JSON.stringify(server.logs)).not.toContain("pa55");
    },
  );

  it("logs each refusal once", async () => {
    const host = "once@127.0.0.1";
    expect(statusOf(await exchange("GET /api/auth/me HTTP/1.1", host))).toBe(400);
    await waitForLog(server, (entry) => entry.host === host);
    // Both lines, were there two, would be written before the answer, side by side.
    expect(server.logs.filter((entry) => entry.host === host)).toHaveLength(1);
  });

  it("answers a request line Node cannot parse with a JSON 400", async () => {
    const answer = await exchange("GET /api/auth/me x HTTP/1.1", "127.0.0.1");
    expect(statusOf(answer)).toBe(400);
    expectErrorShape(bodyOf(answer), "BAD_REQUEST");
  });
});

describe("a connection that pipelines requests", () => {
  /** Sends `count` requests in one write on one connection; resolves with every answer. */
  function pipeline(count: number, path: string): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, "127.0.0.1");
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolve(data.split(/(?=^HTTP\/1\.1 \d{3} )/m)));
      socket.on("error", reject);
      const one = (last: boolean) =>
        [
          `GET ${path} HTTP/1.1`,
          "Host: 127.0.0.1",
          ...(last ? ["Connection: close"] : []),
          "",
          "",
        ].join("\r\n");
      socket.write(Array.from({ length: count }, (_, i) => one(i === count - 1)).join(""));
    });
  }

  it("is turned away past 8 requests in flight with 503 and Retry-After, and other connections are not", async () => {
    const [answers, other] = await Promise.all([pipeline(60, "/api/auth/me"), get("/api/auth/me")]);
    expect(answers).toHaveLength(60);
    const busy = answers.filter((answer) => answer.startsWith("HTTP/1.1 503 "));
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer).toMatch(/^retry-after: 1\r$/im);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4).split("\r\n")[1]!);
      expectErrorShape(body, "SERVICE_UNAVAILABLE");
      expect(body.message).toBe("The service is busy. Please try again shortly.");
    }
    // The first requests of the connection were taken; the rest were answered, not dropped.
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers.every((answer) => /^HTTP\/1\.1 (200|503) /.test(answer))).toBe(true);
    expect(other.status).toBe(200);
  });
});
