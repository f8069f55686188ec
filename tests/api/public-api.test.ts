import { readFileSync, readdirSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import type { Json } from "../support/json.ts";
import { readSse } from "../support/sse.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 29, item 4: the OpenAPI document lists every public endpoint, and `POST /api/v1/use-cases/{slug}` takes one use case's fields, typed by
 * its own schema, and answers as the web's generate does (JSON, or SSE with
 * `Accept: text/event-stream`), priced and refused alike: a missing field is a 400 with
 * `fieldErrors` before any charge, an unknown use case a 404. Tests use the committed
 * cold-outreach-email (recipient and offer required, ask a choice).
 */
const WRITTEN = "Subject: Fewer late deliveries\n\nHi Dana, RouteMate plans routes. Best, Sam";
const FIELDS = {
  recipient: "Head of Operations at Swiftline",
  offer: "RouteMate plans every delivery route in under a minute.",
  ask: "demo",
};
const PATH = "/api/v1/use-cases/cold-outreach-email";
/** The same text asked of the web's endpoint. */
const WEB_REQUEST = {
  useCase: "cold-outreach-email",
  fields: FIELDS,
  language: "english",
  contentType: "email",
};

const server = useServer({ writer: { text: WRITTEN, model: "m" }, env: { TRUSTED_PROXY: "1" } });

async function balance(client: ApiClient, bearer?: string): Promise<number> {
  const status = await client.get("/api/credits/status", bearer ? { bearer } : {});
  return status.body.credits as number;
}

describe("POST /api/v1/use-cases/{slug}", () => {
  it("answers JSON with the text, its id, the credits left and the use case's own settings", async () => {
    const { token } = await signUp(server.url, true);
    // A script: no cookie, the login's bearer token.
    const script = new ApiClient(server.url);
    const response = await script.post(PATH, { fields: FIELDS }, { bearer: token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      content: WRITTEN,
      generationId: expect.any(String),
      credits: 900,
    });
    const [system, user] = server.writer.requests.at(-1)!.body.messages;
    expect(system!.content).toContain('cold outreach email to "fields.recipient"');
    expect(JSON.parse(user!.content)).toMatchObject({
      fields: { recipient: FIELDS.recipient, offer: FIELDS.offer, ask: "A short demo" },
    });
    const history = await script.get(`/api/email/my?text=${response.body.generationId}`, {
      bearer: token,
    });
    expect(history.body.generations[0]).toMatchObject({
      useCase: "cold-outreach-email",
      contentType: "email",
      // The use case's own tone and length, none being sent.
      tone: "confident",
      length: "short",
      language: "english",
    });
  });

  it("streams the web's events with Accept: text/event-stream", async () => {
    const guest = new ApiClient(server.url);
    const response = await fetch(`${server.url}${PATH}`, {
      method: "POST",
      headers: {
        ...guest.browserHeaders(),
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify({ fields: FIELDS, language: "turkish", tone: "formal" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readSse(response);
    expect(events[0]).toMatchObject({ event: "start", data: { generationId: expect.any(String) } });
    expect(
      events
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join(""),
    ).toBe(WRITTEN);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { credits: 200 } });
  });

  it("refuses a missing, unknown or over-long field with fieldErrors, before any charge", async () => {
    const { token } = await signUp(server.url, true);
    const script = new ApiClient(server.url);
    const before = server.writer.requests.length;
    const refusals: [unknown, Record<string, string[]>][] = [
      [{ fields: { offer: FIELDS.offer } }, { "fields.recipient": ["useCaseFieldMissing"] }],
      [
        { fields: { ...FIELDS, recipient: "   " } },
        { "fields.recipient": ["useCaseFieldMissing"] },
      ],
      [{}, { fields: ["useCaseFieldMissing"] }],
      [{ fields: { ...FIELDS, budget: "10k" } }, { fields: ["useCaseFieldUnknown"] }],
      [
        { fields: { ...FIELDS, recipient: "x".repeat(201) } },
        { "fields.recipient": ["useCaseFieldTooLong"] },
      ],
      [{ fields: { ...FIELDS, ask: "lunch" } }, { "fields.ask": ["useCaseOptionUnknown"] }],
      [{ fields: { ...FIELDS, recipient: 3 } }, { "fields.recipient": ["useCaseFieldInvalid"] }],
      [{ fields: FIELDS, language: "klingon" }, { language: ["languageMissing"] }],
    ];
    for (const [body, fieldReasons] of refusals) {
      const response = await script.post(PATH, body, { bearer: token });
      const what = JSON.stringify(body);
      expect(response.status, what).toBe(400);
      expect(response.body, what).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(response.body.fieldReasons, what).toEqual(fieldReasons);
      expect(Object.keys(response.body.fieldErrors), what).toEqual(Object.keys(fieldReasons));
    }
    expect(server.writer.requests.length).toBe(before);
    expect(await balance(script, token)).toBe(1000);
  });

  it("answers an unknown use case 404, before any charge", async () => {
    const guest = new ApiClient(server.url);
    for (const slug of ["no-such-use-case", "Not%20a%20slug"]) {
      const response = await guest.post(`/api/v1/use-cases/${slug}`, { fields: FIELDS });
      expect(response.status, slug).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
    expect(guest.cookies.has("guest_id")).toBe(false);
  });

  it("prices a guest's and an account's text as the web does", async () => {
    // A guest: the trial's 300, a text 100 through either endpoint, the fourth refused.
    const guest = new ApiClient(server.url);
    expect((await guest.post(PATH, { fields: FIELDS })).body.credits).toBe(200);
    expect((await guest.post("/api/email/generate", WEB_REQUEST)).body.credits).toBe(100);
    expect((await guest.post(PATH, { fields: FIELDS })).body.credits).toBe(0);
    const fourth = await guest.post(PATH, { fields: FIELDS });
    expect(fourth.status).toBe(402);
    expect(fourth.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", isGuest: true });
    // A verified account: its week's 1000, 100 a text either way.
    const { client } = await signUp(server.url, true);
    expect((await client.post(PATH, { fields: FIELDS })).body.credits).toBe(900);
    expect((await client.post("/api/email/generate", WEB_REQUEST)).body.credits).toBe(800);
    expect(await balance(client)).toBe(800);
  });
});

/**
 * The public endpoints as the route files under src/pages/api/ declare them, `METHOD
 * /api/path` with `{name}` for `[name]`: all but the operator's console and moderation
 * API and the catch-all 404 (src/lib/server/openapi/endpoints.ts says why).
 */
function routeOperations(): string[] {
  const root = "src/pages/api";
  const files = (readdirSync(root, { recursive: true }) as string[])
    .map((file) => file.replaceAll("\\", "/"))
    .filter((file) => /\.(ts|js)$/.test(file))
    .filter((file) => !/^(console|moderation)\//.test(file) && file !== "[...path].ts");
  return files.flatMap((file) => {
    const path = `/api/${file}`
      .replace(/\.(ts|js)$/, "")
      .replace(/\/index$/, "")
      .replace(/\[(\w+)\]/g, "{$1}");
    const source = readFileSync(`${root}/${file}`, "utf8");
    const methods = [
      ...source.matchAll(
        /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE|ALL)\b/g,
      ),
    ].map(([, method]) => method!);
    expect(methods.length, `${file} exports a method`).toBeGreaterThan(0);
    return methods.map((method) => `${method} ${path}`);
  });
}

const USE_CASE_PATH = /^\/api\/v1\/use-cases\/([a-z0-9-]+)$/;

describe("GET /api/openapi.json", () => {
  async function document() {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    return (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, Json>>;
      components: Record<string, Record<string, Json>>;
    };
  }

  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.components.securitySchemes!).sort()).toEqual(["bearer", "session"]);
    expect(doc.components.schemas!.Failure.required).toEqual(["success", "message"]);
  });

  it("lists every public endpoint of src/pages/api, and no other", async () => {
    const doc = await document();
    const listed = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) =>
          `${method.toUpperCase()} ${path.replace(USE_CASE_PATH, "/api/v1/use-cases/{slug}")}`,
      ),
    );
    expect([...new Set(listed)].sort()).toEqual(routeOperations().sort());
  });

  it("has one path per use case, typed by its fields", async () => {
    const doc = await document();
    const slugs = Object.keys(doc.paths).flatMap((path) => USE_CASE_PATH.exec(path)?.[1] ?? []);
    const files = readdirSync("src/content/use-cases").map((file) => file.replace(/\.ya?ml$/, ""));
    expect(slugs.sort()).toEqual(files.sort());
    const operation = doc.paths["/api/v1/use-cases/cold-outreach-email"]!.post;
    const body = operation.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["fields"]);
    expect(body.properties.fields).toMatchObject({
      required: ["recipient", "offer"],
      additionalProperties: false,
      properties: {
        recipient: { type: "string", maxLength: 200 },
        offer: { type: "string", maxLength: 1000 },
        ask: { enum: ["call", "demo", "referral"] },
      },
    });
    expect(Object.keys(operation.responses["200"].content).sort()).toEqual([
      "application/json",
      "text/event-stream",
    ]);
  });
});
