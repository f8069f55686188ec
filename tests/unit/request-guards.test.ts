import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { parseQuery, readJsonBody } from "#server/http/api.ts";
import { isApiKeyPath } from "#server/http/api-key-access.ts";
import { assertApiBodyHeaders, assertSameOrigin, isApiPath } from "#server/http/request-guards.ts";

const own = "http://localhost:4321";

function request(method: string, headers: Record<string, string> = {}, body?: BodyInit): Request {
  return new Request("http://localhost:4321/api/x", {
    method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function statusOf(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
  return undefined;
}

async function asyncStatusOf(run: () => Promise<unknown>): Promise<number | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
  return undefined;
}

describe("isApiPath", () => {
  it.each([
    ["/api", true],
    ["/api/auth/me", true],
    ["/API/auth/me", true],
    ["/apis", false],
    ["/about", false],
  ])("%s → %s", (path, expected) => expect(isApiPath(path)).toBe(expected));
});

describe("assertSameOrigin", () => {
  it("lets reads through from anywhere", () => {
    expect(
      statusOf(() => assertSameOrigin(request("GET", { origin: "https://evil.example" }), own)),
    ).toBeUndefined();
  });

  it("refuses a JSON POST from another origin", () => {
    const req = request("POST", {
      origin: "https://evil.example",
      "content-type": "application/json",
    });
    expect(statusOf(() => assertSameOrigin(req, own))).toBe(403);
  });

  it("refuses a POST the browser marks cross-site or same-site", () => {
    expect(
      statusOf(() => assertSameOrigin(request("POST", { "sec-fetch-site": "cross-site" }), own)),
    ).toBe(403);
    expect(
      statusOf(() => assertSameOrigin(request("DELETE", { "sec-fetch-site": "same-site" }), own)),
    ).toBe(403);
  });

  it("accepts our own origin and clients that are not browsers", () => {
    const same = request("POST", {
      origin: "http://localhost:4321",
      "sec-fetch-site": "same-origin",
    });
    expect(statusOf(() => assertSameOrigin(same, own))).toBeUndefined();
    expect(statusOf(() => assertSameOrigin(request("POST"), own))).toBeUndefined();
  });

  it("compares with PUBLIC_URL's origin, not the Host a DNS-rebinding page sends", () => {
    const rebound = request("POST", {
      host: "rebind.evil.example:4321",
      origin: "http://rebind.evil.example:4321",
    });
    expect(statusOf(() => assertSameOrigin(rebound, own))).toBe(403);
  });

  it("accepts a loopback origin only when it is the loopback host the request went to", () => {
    const direct = request("POST", { host: "127.0.0.1:4321", origin: "http://127.0.0.1:4321" });
    expect(statusOf(() => assertSameOrigin(direct, own))).toBeUndefined();
    const otherPort = request("POST", { host: "127.0.0.1:4321", origin: "http://127.0.0.1:8080" });
    expect(statusOf(() => assertSameOrigin(otherPort, own))).toBe(403);
    const notLoopback = request("POST", { host: "10.0.0.5:4321", origin: "http://10.0.0.5:4321" });
    expect(statusOf(() => assertSameOrigin(notLoopback, own))).toBe(403);
  });

  it("refuses a cookie-carrying write that says neither Origin nor Sec-Fetch-Site", () => {
    const bare = request("POST", { cookie: "session=abc.def" });
    expect(statusOf(() => assertSameOrigin(bare, own))).toBe(403);
    const marked = request("POST", { cookie: "session=abc.def", "sec-fetch-site": "same-origin" });
    expect(statusOf(() => assertSameOrigin(marked, own))).toBeUndefined();
    const bearer = request("POST", { cookie: "session=abc.def", authorization: "Bearer x.y" });
    expect(statusOf(() => assertSameOrigin(bearer, own))).toBeUndefined();
  });

  it("asks an API key nowhere it comes from, and a session's cross-site write still", () => {
    const crossSite = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const key = request("POST", { ...crossSite, authorization: `Bearer atg_${"a".repeat(52)}` });
    expect(statusOf(() => assertSameOrigin(key, own))).toBeUndefined();
    const session = request("POST", { ...crossSite, authorization: "Bearer abc.def" });
    expect(statusOf(() => assertSameOrigin(session, own))).toBe(403);
    const cookie = request("POST", { ...crossSite, cookie: "session=abc.def" });
    expect(statusOf(() => assertSameOrigin(cookie, own))).toBe(403);
    const notAKey = request("POST", { ...crossSite, authorization: "Basic atg_abc" });
    expect(statusOf(() => assertSameOrigin(notAKey, own))).toBe(403);
  });
});

describe("isApiKeyPath", () => {
  it.each([
    ["/api/email/generate", true],
    ["/api/email/my", true],
    ["/API/Email/text/1", true],
    ["/api/templates", true],
    ["/api/templates/1", true],
    ["/api/v1/use-cases/cover-letter", true],
    ["/api/templatesx", false],
    ["/api/auth/me", false],
    ["/api/keys", false],
    ["/api/keys/1", false],
    ["/api/credits/watch-ad", false],
    ["/api/console/overview", false],
    ["/api/v1", false],
    ["/profile", false],
  ])("%s → %s", (path, expected) => expect(isApiKeyPath(path)).toBe(expected));
});

describe("assertApiBodyHeaders", () => {
  it("answers 413 for a declared length past 16 KiB", () => {
    const req = request("POST", { "content-type": "application/json", "content-length": "16385" });
    expect(statusOf(() => assertApiBodyHeaders(req, "/api/voices"))).toBe(413);
  });

  it("lets a tool's text through to generate, which reads up to 64 KiB", () => {
    // 6,000 CJK characters are 18 KB of UTF-8; JSON's escapes make more.
    const headers = { "content-type": "application/json", "content-length": String(64 * 1024) };
    const generate = "/api/email/generate";
    expect(statusOf(() => assertApiBodyHeaders(request("POST", headers), generate))).toBe(
      undefined,
    );
    const over = { ...headers, "content-length": String(64 * 1024 + 1) };
    expect(statusOf(() => assertApiBodyHeaders(request("POST", over), generate))).toBe(413);
  });

  it("lets a long edit through to its endpoint, which reads up to 512 KiB", () => {
    // 60,000 Cyrillic characters are 120 KB of UTF-8; the endpoint reads 512 KiB.
    const headers = { "content-type": "application/json", "content-length": "120100" };
    expect(statusOf(() => assertApiBodyHeaders(request("POST", headers), "/api/email/edit"))).toBe(
      undefined,
    );
    const over = { ...headers, "content-length": String(512 * 1024 + 1) };
    expect(statusOf(() => assertApiBodyHeaders(request("POST", over), "/api/email/edit"))).toBe(
      413,
    );
  });

  it("answers 415 for a body that is not JSON", () => {
    const req = request("POST", { "content-type": "text/plain", "content-length": "2" });
    expect(statusOf(() => assertApiBodyHeaders(req, "/api/email/generate"))).toBe(415);
  });

  it("accepts a write without a body and without a content type", () => {
    expect(statusOf(() => assertApiBodyHeaders(request("DELETE"), "/api/x"))).toBeUndefined();
  });
});

describe("readJsonBody", () => {
  const schema = z.object({ name: z.string().min(2, "Name must be at least 2 characters") });

  it("returns the parsed body", async () => {
    const req = request(
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ name: "Ada" }),
    );
    await expect(readJsonBody(req, schema)).resolves.toEqual({ name: "Ada" });
  });

  it("reports the failed rule's message and field", async () => {
    const req = request(
      "POST",
      { "content-type": "application/json" },
      JSON.stringify({ name: "A" }),
    );
    const error = await readJsonBody(req, schema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).message).toBe("Name must be at least 2 characters");
    expect((error as AppError).fieldErrors).toEqual({
      name: ["Name must be at least 2 characters"],
    });
  });

  it("answers 400 for broken JSON and for invalid UTF-8", async () => {
    const broken = request("POST", { "content-type": "application/json" }, "{");
    expect(await asyncStatusOf(() => readJsonBody(broken, schema))).toBe(400);
    const bytes = request(
      "POST",
      { "content-type": "application/json" },
      new Uint8Array([0x22, 0xff, 0x22]),
    );
    expect(await asyncStatusOf(() => readJsonBody(bytes, schema))).toBe(400);
  });

  it("stops reading a streamed body past 16 KiB without a declared length", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(4096).fill(0x20));
        if (pulled > 100) controller.close();
      },
    });
    const req = request("POST", { "content-type": "application/json" }, stream);
    expect(await asyncStatusOf(() => readJsonBody(req, schema))).toBe(413);
    expect(pulled).toBeLessThan(10);
  });

  it("answers 415 when the content type is not JSON", async () => {
    const req = request(
      "POST",
      { "content-type": "application/x-www-form-urlencoded" },
      "name=Ada",
    );
    expect(await asyncStatusOf(() => readJsonBody(req, schema))).toBe(415);
  });
});

describe("text the database cannot store", () => {
  const MALFORMED = "Text must be well-formed Unicode: it holds a lone surrogate character.";
  const anything = z.unknown();
  /** The failure readJsonBody answers for `json`, sent as written (escapes stay escapes). */
  async function failureOf(json: string): Promise<AppError> {
    const req = request("POST", { "content-type": "application/json" }, json);
    const error = await readJsonBody(req, anything).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it.each([
    ["a lone high surrogate", String.raw`{"fields":{"offer":"a\ud800b"}}`],
    ["a lone low surrogate", String.raw`{"fields":{"offer":"\udfff"}}`],
    ["a reversed pair", String.raw`{"fields":{"offer":"\udc00\ud800"}}`],
  ])("refuses %s in a nested field with 400, naming the field", async (_, json) => {
    const error = await failureOf(json);
    expect(error.status).toBe(400);
    expect(error.message).toBe(MALFORMED);
    expect(error.fieldErrors).toEqual({ "fields.offer": [MALFORMED] });
  });

  it("refuses one in an array and in a key, reporting a key on the object that holds it", async () => {
    const error = await failureOf(String.raw`{"tags":["ok","\ud83d"],"fields":{"\ud800":"x"}}`);
    expect(error.fieldErrors).toEqual({ "tags.1": [MALFORMED], fields: [MALFORMED] });
    expect(JSON.stringify(error.fieldErrors)).not.toMatch(/\\ud800/i);
  });

  it("names a field called __proto__ like any other", async () => {
    const error = await failureOf(String.raw`{"__proto__":"\ud800","a":"\u0000"}`);
    expect(Object.keys(error.fieldErrors!)).toEqual(expect.arrayContaining(["__proto__", "a"]));
    expect(Object.getOwnPropertyDescriptor(error.fieldErrors, "__proto__")?.value).toEqual([
      MALFORMED,
    ]);
  });

  it("takes a well-formed pair (an emoji) and refuses NUL as before", async () => {
    const emoji = request(
      "POST",
      { "content-type": "application/json" },
      String.raw`{"content":"\ud83d\ude00 and 😀"}`,
    );
    await expect(readJsonBody(emoji, anything)).resolves.toEqual({ content: "😀 and 😀" });
    const error = await failureOf(String.raw`{"content":"a\u0000b"}`);
    expect(error.fieldErrors).toEqual({ content: ["Text may not contain NUL characters."] });
  });

  it("a query cannot carry one: bytes that are no UTF-8 (a surrogate's included) read as U+FFFD", () => {
    const query = z.object({ q: z.string().optional() });
    expect(parseQuery(new URL("http://x/api/email/my?q=%F0%9F%98%80"), query)).toEqual({ q: "😀" });
    expect(parseQuery(new URL("http://x/api/email/my?q=%ED%A0%80"), query).q).toBe(
      "\uFFFD".repeat(3),
    );
  });
});
