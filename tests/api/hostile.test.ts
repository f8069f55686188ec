import { request as httpRequest } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { apiBodyLimit } from "#server/http/api.ts";
import { signUp, type ApiClient } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Hostile input (issue 6/6): for every endpoint, 30+ malformed requests. Every answer must
 * be a 4xx in the JSON error shape, never a 5xx, and nothing may change where nothing
 * should.
 */
const MODERATION_TOKEN = "hostile-suite-moderation-0001";
const OPERATOR = "hostile-operator@example.com";
const UUID = "00000000-0000-4000-8000-000000000000";
/** Stand-ins for the suite's user, filled in once it exists: the console acts on it. */
const TARGET_ID = "<target id>";
const TARGET_EMAIL = "<target email>";

interface Endpoint {
  method: string;
  path: string;
  /** A valid body, broken field by field below. */
  valid: Record<string, unknown>;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: "POST",
    path: "/api/auth/login",
    valid: { email: "a@example.com", password: "violet-harbor-42" },
  },
  {
    method: "POST",
    path: "/api/auth/register",
    valid: {
      email: "a@example.com",
      password: "violet-harbor-42",
      confirmPassword: "violet-harbor-42",
      name: "Ada",
    },
  },
  { method: "POST", path: "/api/auth/logout", valid: {} },
  { method: "POST", path: "/api/auth/forgot-password", valid: { email: "a@example.com" } },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    valid: { token: "t".repeat(40), newPassword: "violet-harbor-42" },
  },
  { method: "POST", path: "/api/auth/resend-verification", valid: { email: "a@example.com" } },
  { method: "POST", path: "/api/auth/delete-account", valid: { password: "violet-harbor-42" } },
  { method: "POST", path: "/api/credits/ad-session", valid: {} },
  { method: "POST", path: "/api/credits/watch-ad", valid: { adSessionId: UUID } },
  {
    method: "POST",
    path: "/api/credits/ad-event",
    valid: { adSessionId: UUID, event: "impression", source: "house", adId: "refine" },
  },
  {
    method: "POST",
    path: "/api/email/generate",
    valid: { content: "Write a note", language: "english", contentType: "email" },
  },
  { method: "POST", path: "/api/email/cancel", valid: { generationId: UUID } },
  {
    method: "POST",
    path: "/api/email/edit",
    valid: { parentId: UUID, text: "Dear Ada,\nThanks." },
  },
  {
    method: "POST",
    path: "/api/testimonial/submit",
    valid: { name: "Ada", content: "A fine tool for letters.", rating: 5 },
  },
  { method: "POST", path: `/api/moderation/testimonials/${UUID}`, valid: { action: "approve" } },
  {
    method: "POST",
    path: "/api/console/credits",
    valid: { userId: TARGET_ID, delta: 500, reason: "Goodwill", requestId: UUID },
  },
  { method: "POST", path: "/api/console/verify", valid: { userId: TARGET_ID } },
  { method: "POST", path: "/api/console/resend-verification", valid: { userId: TARGET_ID } },
  {
    method: "POST",
    path: "/api/console/delete-account",
    valid: { userId: TARGET_ID, email: TARGET_EMAIL },
  },
  { method: "POST", path: "/api/console/open-text", valid: { generationId: UUID } },
  { method: "POST", path: "/api/console/testimonials", valid: { id: UUID, action: "approve" } },
];

const WRONG_VALUES: unknown[] = [
  null,
  true,
  12345,
  -1,
  1e308,
  [],
  ["a@example.com"],
  {},
  { $ne: null },
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "\u0000\u0001\u0002",
  "x".repeat(5000),
];

/** Bodies broken in ways no endpoint accepts. */
function genericBodies(endpoint: Endpoint): { label: string; body: string; contentType: string }[] {
  const json = "application/json";
  const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`;
  const valid = JSON.stringify(endpoint.valid);
  return [
    { label: "broken JSON", body: "{", contentType: json },
    { label: "trailing garbage", body: `${valid}garbage`, contentType: json },
    { label: "a JSON string", body: '"hello"', contentType: json },
    { label: "a JSON number", body: "42", contentType: json },
    { label: "JSON null", body: "null", contentType: json },
    { label: "a JSON array", body: "[1,2,3]", contentType: json },
    { label: "deeply nested arrays", body: deep, contentType: json },
    {
      label: "deeply nested objects",
      body: `${'{"a":'.repeat(2000)}1${"}".repeat(2000)}`,
      contentType: json,
    },
    {
      // 16 KiB for most; a person's own text's 64 KiB for generate (issue 26).
      label: "a body past the endpoint's limit",
      body: JSON.stringify({ ...endpoint.valid, pad: "x".repeat(apiBodyLimit(endpoint.path)) }),
      contentType: json,
    },
    {
      label: "prototype pollution",
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      contentType: json,
    },
    { label: "text/plain", body: valid, contentType: "text/plain" },
    {
      label: "a form",
      body: "email=a%40example.com&password=x",
      contentType: "application/x-www-form-urlencoded",
    },
    {
      label: "multipart",
      body: "--b\r\nContent-Disposition: form-data; name=x\r\n\r\ny\r\n--b--",
      contentType: "multipart/form-data; boundary=b",
    },
    { label: "XML", body: "<a>1</a>", contentType: "application/xml" },
  ];
}

/** Each field of the valid body replaced by each wrong value, for endpoints with fields. */
function fieldBodies(endpoint: Endpoint): { label: string; body: string; contentType: string }[] {
  const fields = Object.keys(endpoint.valid);
  const bodies: { label: string; body: string; contentType: string }[] = [];
  if (fields.length === 0) {
    for (const value of WRONG_VALUES) {
      bodies.push({
        label: `unexpected field = ${JSON.stringify(value).slice(0, 30)}`,
        body: JSON.stringify({ x: value }),
        contentType: "application/json",
      });
    }
    bodies.push({
      label: "unexpected fields",
      body: JSON.stringify({ email: "a@example.com", admin: true }),
      contentType: "application/json",
    });
    return bodies;
  }
  for (const field of fields) {
    if (!OPTIONAL.has(`${endpoint.path} ${field}`))
      bodies.push({
        label: `${field} missing`,
        body: JSON.stringify({ ...endpoint.valid, [field]: undefined }),
        contentType: "application/json",
      });
    for (const value of WRONG_VALUES) {
      // Free text may legitimately hold any string; those fields get only the non-strings.
      if (
        typeof value === "string" &&
        FREE_TEXT.has(field) &&
        value.length <= 1000 &&
        !ANY_STRING_REFUSED.has(`${endpoint.path} ${field}`)
      )
        continue;
      if (
        Number.isInteger(value) &&
        Math.abs(value as number) <= 1_000_000 &&
        ANY_WHOLE_NUMBER.has(`${endpoint.path} ${field}`)
      )
        continue;
      // An optional field may also be sent as null.
      if (value === null && OPTIONAL.has(`${endpoint.path} ${field}`)) continue;
      bodies.push({
        label: `${field} = ${JSON.stringify(value).slice(0, 30)}`,
        body: JSON.stringify({ ...endpoint.valid, [field]: value }),
        contentType: "application/json",
      });
    }
  }
  return bodies;
}

/** Fields where any whole number in range is a valid value (a grant or a take-back). */
const ANY_WHOLE_NUMBER = new Set(["/api/console/credits delta"]);

/** Fields an endpoint accepts without. */
const OPTIONAL = new Set(["/api/auth/register name"]);

/** Free text that this suite's requests still cannot get accepted: no session deletes nothing. */
const ANY_STRING_REFUSED = new Set(["/api/auth/delete-account password"]);

/** Fields where any short string is a valid value (passwords, names, prompts). */
const FREE_TEXT = new Set([
  "password",
  "confirmPassword",
  "newPassword",
  "content",
  "name",
  "token",
  "reason",
]);

let user: { client: ApiClient; token: string; email: string };
let userId: string;
let operator: { client: ApiClient; token: string };

const server = useServer({ env: { MODERATION_TOKEN, OPERATOR_EMAILS: OPERATOR } });

beforeAll(async () => {
  user = await signUp(server.url, false);
  userId = (await user.client.get("/api/auth/me", { bearer: user.token })).body.user.id;
  operator = await signUp(server.url, true, OPERATOR);
  // The console's bodies are read only for an operator: the suite must be one there.
  const audit = await operator.client.get("/api/console/audit", { bearer: operator.token });
  expect(audit.status).toBe(200);
});

/** The endpoint with the suite's user in place of its stand-ins. */
function aimed(endpoint: Endpoint): Endpoint {
  const valid = Object.fromEntries(
    Object.entries(endpoint.valid).map(([field, value]) => [
      field,
      value === TARGET_ID ? userId : value === TARGET_EMAIL ? user.email : value,
    ]),
  );
  return { ...endpoint, valid };
}

/** Who may call an address: the moderation token, an operator, or the suite's user. */
function bearerFor(path: string): string {
  if (path.includes("/moderation/")) return MODERATION_TOKEN;
  return path.includes("/console/") ? operator.token : user.token;
}

function send(
  method: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; type: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        method,
        path,
        headers: { "content-length": Buffer.byteLength(body), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            type: String(res.headers["content-type"] ?? ""),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function expectRefusal(
  result: { status: number; text: string; type: string },
  label: string,
): void {
  expect(result.status, `${label}: ${result.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(result.status, label).toBeLessThan(500);
  expect(result.type, label).toMatch(/^application\/json/);
  const body = JSON.parse(result.text) as { success: unknown; message: unknown };
  expect(body.success, label).toBe(false);
  expect(typeof body.message, label).toBe("string");
  expect(result.text, label).not.toMatch(
    /\bat \S+\.(ts|js|mjs):\d+|SELECT |INSERT |drizzle|pglite/i,
  );
}

async function snapshot() {
  const auth = { bearer: user.token };
  const [status, history, activity, pending, audit] = await Promise.all([
    user.client.get("/api/credits/status", auth),
    user.client.get("/api/email/my", auth),
    user.client.get("/api/credits/activity", auth),
    user.client.get("/api/moderation/testimonials", {
      headers: { authorization: `Bearer ${MODERATION_TOKEN}` },
    }),
    operator.client.get("/api/console/audit", { bearer: operator.token }),
  ]);
  return {
    credits: status.body.credits,
    history: history.body.generations,
    activity: activity.body.entries,
    pending: pending.body.testimonials,
    audit: audit.body.entries,
  };
}

describe("every endpoint refuses malformed bodies with a 4xx in the JSON shape", () => {
  for (const template of ENDPOINTS) {
    it(`${template.method} ${template.path}`, async () => {
      const endpoint = aimed(template);
      const before = await snapshot();
      const cases = [...genericBodies(endpoint), ...fieldBodies(endpoint)];
      expect(cases.length).toBeGreaterThanOrEqual(30);
      const headers = { authorization: `Bearer ${bearerFor(endpoint.path)}` };
      for (const { label, body, contentType } of cases) {
        expectRefusal(
          await send(endpoint.method, endpoint.path, body, {
            ...headers,
            "content-type": contentType,
          }),
          label,
        );
      }
      // Invalid UTF-8 inside a JSON string.
      const invalidUtf8 = Buffer.concat([
        Buffer.from('{"email":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}'),
      ]);
      expectRefusal(
        await send(endpoint.method, endpoint.path, invalidUtf8, {
          ...headers,
          "content-type": "application/json",
        }),
        "invalid UTF-8",
      );
      // The same call through an encoded path meets the same checks.
      const encoded = endpoint.path.replace("/api/", "/%61pi/");
      expectRefusal(
        await send(endpoint.method, encoded, "{", {
          ...headers,
          "content-type": "application/json",
        }),
        "encoded path",
      );
      expectRefusal(
        await send(endpoint.method, `/${endpoint.path}`, "x", {
          ...headers,
          "content-type": "text/plain",
        }),
        "double slash",
      );
      // Spoofed Host and X-Forwarded-For change nothing.
      expectRefusal(
        await send(endpoint.method, endpoint.path, "{", {
          ...headers,
          host: "evil.example",
          "x-forwarded-for": "127.0.0.1",
          "content-type": "application/json",
        }),
        "spoofed host",
      );
      expect(await snapshot()).toEqual(before);
    });
  }
});

describe("reads and deletes refuse malformed addresses and queries", () => {
  it.each([
    ["GET", "/api/credits/activity?page=-1"],
    ["GET", "/api/credits/activity?page=abc"],
    ["GET", "/api/credits/activity?pageSize=100000"],
    ["GET", "/api/credits/activity?page=1e400"],
    ["DELETE", "/api/email/delete/%27%20OR%201=1%20--"],
    ["DELETE", `/api/email/delete/${UUID}`],
    ["DELETE", "/api/email/delete/%00"],
    ["DELETE", `/api/email/delete/${"a".repeat(300)}`],
    ["GET", "/api/auth/verify-email?token=%00%00"],
    ["PUT", "/api/auth/login"],
    ["PATCH", "/api/email/generate"],
    ["DELETE", "/api/voices/%27%20OR%201=1%20--"],
    ["DELETE", `/api/voices/${UUID}`],
    ["DELETE", `/api/voices/${"a".repeat(300)}`],
    ["PATCH", `/api/voices/${UUID}`],
    ["PATCH", "/api/voices/%00"],
    ["PUT", "/api/voices"],
    ["GET", "/api/email/generate"],
    ["GET", "/api/console/account?id=abc"],
    ["GET", "/api/console/account?id=%00"],
    ["GET", `/api/console/account?id=${UUID}`],
    ["GET", "/api/console/account"],
    ["GET", "/api/console/accounts"],
    ["GET", `/api/console/accounts?email=${"a".repeat(300)}`],
    ["GET", "/api/console/accounts?email=%00"],
    ["GET", "/api/console/audit?page=0"],
    ["GET", "/api/console/audit?page=1e400"],
    ["DELETE", "/api/console/credits"],
    ["PUT", "/api/console/verify"],
  ])("%s %s", async (method, path) => {
    const before = await snapshot();
    const result = await send(method, path, "", {
      authorization: `Bearer ${bearerFor(path)}`,
    });
    if (path.startsWith("/api/auth/verify-email")) {
      // The e-mailed link answers with a redirect to the login page, never an error page.
      expect(result.status).toBe(302);
    } else {
      expectRefusal(result, `${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("paths that climb out of /api", () => {
  it("are resolved before routing and never reach a file outside the site", async () => {
    const result = await send("GET", "/api/nope/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "", {});
    expect(result.status).toBe(404);
    expect(result.text).not.toContain("root:");
  });
});
