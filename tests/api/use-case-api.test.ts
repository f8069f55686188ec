import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { readSse } from "../support/sse.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 29, item 4: `POST /api/v1/use-cases/{slug}` takes one use case's fields, typed by
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
