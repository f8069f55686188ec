import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_API_KEY_NAME_CHARS, MAX_API_KEYS } from "#shared/api-keys.ts";
import { ApiClient, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/**
 * API keys (issue 29): a verified account makes named keys, shown once and kept hashed;
 * `Authorization: Bearer atg_…` acts for the account on generation, history and templates
 * only, each key under its own rate; a malformed, unknown or revoked key is one 401.
 */
const WRITTEN = "Hi Dana, the launch is on Friday. Best, Sam";
const KEY_RATE = 12;

const server = useServer({
  writer: { text: WRITTEN, model: "m" },
  env: { TRUSTED_PROXY: "1", API_KEY_REQUESTS_PER_MINUTE: String(KEY_RATE) },
});

const textRequest = {
  content: "A note about the launch",
  language: "english",
  contentType: "email",
};

interface KeyAnswer {
  key: { id: string; name: string; prefix: string; lastUsedAt: string | null };
  secret: string;
}

async function makeKey(client: ApiClient, name = "CI script"): Promise<KeyAnswer> {
  const response = await client.post("/api/keys", { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as unknown as KeyAnswer;
}

/** A client with no cookies, from its own address, as a script is. */
const script = (baseUrl = server.url) => new ApiClient(baseUrl);

describe("API keys", () => {
  it("are made by a verified account, shown once in full, then listed by name and prefix", async () => {
    const { client } = await signUp(server.url, true);
    const made = await makeKey(client, "  Newsletter script ");
    expect(made.secret).toMatch(/^atg_[a-z2-7]{52}$/);
    expect(made.key).toMatchObject({ name: "Newsletter script", lastUsedAt: null });
    expect(made.key.prefix).toBe(made.secret.slice(0, 12));
    const list = await client.get("/api/keys");
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, limit: MAX_API_KEYS });
    expect(list.body.keys).toEqual([
      {
        id: made.key.id,
        name: "Newsletter script",
        prefix: made.key.prefix,
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(made.secret.slice(12));
  });

  it("are refused to an unverified account (403) and to a bad name (400 with fieldErrors)", async () => {
    const unverified = await signUp(server.url, false);
    const refused = await unverified.client.post("/api/keys", { name: "CI" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", reason: "apiKeyUnverified" });

    const { client } = await signUp(server.url, true);
    for (const [body, reason] of [
      [{}, "apiKeyNameMissing"],
      [{ name: "   " }, "apiKeyNameMissing"],
      [{ name: 7 }, "apiKeyNameMissing"],
      [{ name: "x".repeat(MAX_API_KEY_NAME_CHARS + 1) }, "apiKeyNameTooLong"],
    ] as const) {
      const response = await client.post("/api/keys", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.fieldErrors).toHaveProperty("name");
      expect(response.body.reason).toBe(reason);
    }
    expect((await client.get("/api/keys")).body.keys).toEqual([]);
  });

  it(`are at most ${MAX_API_KEYS} an account, even asked for all at once; a revoked one frees a place`, async () => {
    const { client } = await signUp(server.url, true);
    const answers = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 2 }, (_, i) =>
        client.post("/api/keys", { name: `k${i}` }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_API_KEYS);
    const over = answers.filter((r) => r.status === 400);
    expect(over).toHaveLength(2);
    expect(over[0]!.body.reason).toBe("apiKeyLimit");
    const first = (answers.find((r) => r.status === 201)!.body as unknown as KeyAnswer).key;
    expect((await client.request("DELETE", `/api/keys/${first.id}`)).status).toBe(200);
    // Twice (a double click): the second finds no such key.
    expect((await client.request("DELETE", `/api/keys/${first.id}`)).status).toBe(404);
    expect((await client.request("DELETE", "/api/keys/not-a-uuid")).status).toBe(404);
    await makeKey(client);
  });

  it("write, list and read texts and templates as their owner, charged like the web's", async () => {
    const { client } = await signUp(server.url, true);
    const { key, secret } = await makeKey(client, "Nightly digest");
    const before = (await client.get("/api/credits/status")).body.credits as number;

    const written = await script().post("/api/email/generate", textRequest, { bearer: secret });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.content).toBe(WRITTEN);
    expect(written.headers.getSetCookie()).toEqual([]);
    expect((await client.get("/api/credits/status")).body.credits).toBe(before - 100);

    const history = await script().get("/api/email/my", { bearer: secret });
    expect(history.status).toBe(200);
    expect(history.body.generations).toMatchObject([{ id: written.body.generationId }]);
    const text = await script().get(`/api/email/text/${written.body.generationId}`, {
      bearer: secret,
    });
    expect(text.body.generatedContent).toBe(WRITTEN);

    const template = await script().post(
      "/api/templates",
      {
        name: "Digest",
        form: {
          kind: "description",
          content: "A digest",
          contentType: "email",
          language: "english",
        },
      },
      { bearer: secret },
    );
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    expect((await client.get("/api/templates")).body.templates).toHaveLength(1);
    expect((await script().get("/api/templates", { bearer: secret })).status).toBe(200);

    // The owner's credit activity names the key that wrote the text.
    const activity = await client.get("/api/credits/activity?page=1&pageSize=5");
    expect(activity.body.entries[0]).toMatchObject({
      reason: "generation",
      delta: -100,
      apiKey: "Nightly digest",
    });
    const listed = (await client.get("/api/keys")).body.keys as KeyAnswer["key"][];
    expect(listed.find((k) => k.id === key.id)!.lastUsedAt).not.toBeNull();
  });

  it("are refused (403) on account, password, key, console, credits and page addresses", async () => {
    const { client, email } = await signUp(server.url, true);
    const { key, secret } = await makeKey(client);
    const refusals: [string, string, unknown?][] = [
      ["GET", "/api/auth/me"],
      ["POST", "/api/auth/logout", {}],
      ["POST", "/api/auth/delete-account", { password: "violet-harbor-42" }],
      ["POST", "/api/auth/reset-password", { token: "x", newPassword: "another-pass-93" }],
      ["POST", "/api/auth/forgot-password", { email }],
      ["GET", "/api/keys"],
      ["POST", "/api/keys", { name: "Another" }],
      ["DELETE", `/api/keys/${key.id}`],
      ["GET", "/api/credits/status"],
      ["POST", "/api/credits/ad-session", {}],
      ["POST", "/api/credits/watch-ad", { adSessionId: key.id }],
      ["GET", "/api/console/overview"],
      ["GET", "/api/shares"],
      ["GET", "/profile"],
    ];
    for (const [method, path, json] of refusals) {
      const response = await script().request(method, path, { json, bearer: secret });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body, `${method} ${path}`).toMatchObject({ reason: "apiKeyNotAllowed" });
    }
    // Nothing of the account changed: it is there, signed in, with its one key.
    expect((await client.get("/api/auth/me")).body.user).toMatchObject({ email });
    expect((await client.get("/api/keys")).body.keys).toHaveLength(1);
  });

  it("malformed, unknown and revoked keys are answered one and the same 401", async () => {
    const { client } = await signUp(server.url, true);
    const revoked = await makeKey(client);
    await client.request("DELETE", `/api/keys/${revoked.key.id}`);
    const unknown = `atg_${"a".repeat(52)}`;
    const bad = ["atg_", "atg_short", `${revoked.secret}x`, `atg_${"A".repeat(52)}`, unknown];
    const answers = await Promise.all(
      [...bad, revoked.secret].map((key) => script().get("/api/email/my", { bearer: key })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({ code: "UNAUTHORIZED", reason: "apiKeyInvalid" });
    // A bad key with a live session cookie is judged by the key alone.
    const both = await client.get("/api/email/my", { bearer: revoked.secret });
    expect(both.status).toBe(401);
  });

  it(`each key has its own rate: past ${KEY_RATE} a minute, from any address, 429 with Retry-After`, async () => {
    const { client } = await signUp(server.url, true);
    const [busy, other] = [await makeKey(client, "busy"), await makeKey(client, "other")];
    // Every request from a new address: the key is counted, not the address.
    for (let i = 0; i < KEY_RATE; i++) {
      const response = await script().get("/api/templates", { bearer: busy.secret });
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await script().get("/api/templates", { bearer: busy.secret });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED" });
    // Another key of the same account, and the web session, are not held back.
    expect((await script().get("/api/templates", { bearer: other.secret })).status).toBe(200);
    expect((await client.get("/api/templates")).status).toBe(200);
  });

  it("need no origin check, while a cookie's cross-site write is still refused", async () => {
    const { client } = await signUp(server.url, true);
    const { secret } = await makeKey(client);
    const crossSite = { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" };
    const form = {
      kind: "description",
      content: "A note",
      contentType: "email",
      language: "english",
    };
    const byKey = await script().post(
      "/api/templates",
      { name: "From a script", form },
      { bearer: secret, headers: crossSite },
    );
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(201);
    const byCookie = await client.post(
      "/api/templates",
      { name: "From another site", form },
      { headers: crossSite },
    );
    expect(byCookie.status).toBe(403);
    expect((await client.get("/api/templates")).body.templates).toHaveLength(1);
  });
});

/** Two instances on one PostgreSQL database: a revoked key is refused by the other at once. */
describe.runIf(usingPostgres)("API keys on two instances", () => {
  let storage: Storage;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    storage = await createStorage();
    const env = { TRUSTED_PROXY: "1" };
    [a, b] = await Promise.all([startServer(storage, { env }), startServer(storage, { env })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.cleanup();
  });

  it("a key made on one works on the other, and once revoked is refused there at once", async () => {
    const { client } = await signUp(a.url, true);
    const { key, secret } = await makeKey(client);
    expect((await script(b.url).get("/api/email/my", { bearer: secret })).status).toBe(200);
    expect((await client.request("DELETE", `/api/keys/${key.id}`)).status).toBe(200);
    const refused = await script(b.url).get("/api/email/my", { bearer: secret });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ reason: "apiKeyInvalid" });
  });
});
