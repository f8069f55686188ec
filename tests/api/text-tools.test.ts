import { describe, expect, it } from "vitest";
import {
  COST_PER_USE,
  countCharacters,
  partialTextCost,
  passageChangeCost,
} from "#shared/credits.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import type { ChatRequest } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { balanceOf, postGenerate } from "../support/generate.ts";
import { readSse, type SseEvent } from "../support/sse.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Issue 26, items 2, 4 and 5 (decisions 088 and 089): a text tool is a use case whose main
 * field is the person's own text, up to 6,000 characters. The text reaches the writer as
 * data in the user message's `fields`, the tool's instructions in the system message; past
 * 6,000 the 400 names the count; the generate endpoint reads bodies up to 64 KiB; a tool's
 * finished text costs what it writes. Tests use the committed fix-grammar.
 */

/** What the writer gives back: a short corrected text, far less than a whole text. */
const CORRECTED = "Our team shipped the new billing page on Monday.";

const server = useServer({ writer: { text: CORRECTED, model: "m" }, env: { TRUSTED_PROXY: "1" } });

const request = (text: string, more: Record<string, unknown> = {}) => ({
  useCase: "fix-grammar",
  fields: { text },
  language: "english",
  contentType: "article",
  tone: "standard",
  length: "short",
  ...more,
});

/** A sentence with mistakes, repeated to `length` characters. */
function textOf(length: number): string {
  const sentence = "Our team ship the new billing page on monday, customer can now pays by card. ";
  return `${sentence.repeat(Math.ceil(length / sentence.length)).slice(0, length - 1)}.`;
}

/** The finished tool's price: what it wrote, as a change that replaced nothing. */
const CHARGED = passageChangeCost(countCharacters(CORRECTED), 0, 0);

/** POSTs a body written as it is (its own JSON), as a browser would. */
function postRaw(client: ApiClient, body: string): Promise<Response> {
  return fetch(`${server.url}/api/email/generate`, {
    method: "POST",
    headers: { ...client.browserHeaders(), "content-type": "application/json" },
    body,
  });
}

/** The last request the fake writer got: its system and user messages. */
function lastToWriter(): {
  system: string;
  user: Record<string, unknown>;
  body: ChatRequest["body"];
} {
  const { body } = server.writer.requests.at(-1)!;
  const [system, user] = body.messages;
  return { system: system!.content, user: JSON.parse(user!.content), body };
}

describe("a text tool", () => {
  it("takes a 6,000-character text and gives it to the writer as data, not instructions", async () => {
    const { client } = await signUp(server.url, true);
    const text = textOf(MAX_OWN_TEXT_CHARS);
    const response = await client.post("/api/email/generate", request(text));
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ success: true, content: CORRECTED });

    const { system, user, body } = lastToWriter();
    expect(user).toEqual({ fields: { text } });
    expect(system).not.toContain(text.slice(0, 40));
    expect(system).toContain('"fields.text"');
    // The tool says how long: no length line, and the long budget for a short request.
    expect(system).not.toContain("Length:");
    expect(body.max_tokens).toBe(2000);

    // Kept with its use case and fields: the changes view compares with `fields.text`.
    const [item] = (await client.get("/api/email/my")).body.generations;
    expect(item).toMatchObject({
      useCase: "fix-grammar",
      fields: { text },
      generatedContent: CORRECTED,
    });
  });

  it("refuses 6,001 characters with the count, and charges nothing", async () => {
    const guest = new ApiClient(server.url);
    const before = server.writer.requests.length;
    const response = await guest.post("/api/email/generate", request(textOf(6001)));
    expect(response.status).toBe(400);
    const worded = "Your text has 6,001 characters; the most is 6,000 (about 1,000 words).";
    expect(response.body).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
      reason: "ownTextTooLong",
      message: worded,
      fieldErrors: { "fields.text": [worded] },
      fieldReasons: { "fields.text": ["ownTextTooLong"] },
      characters: 6001,
      limit: 6000,
    });
    // Far past it, the count still (no schema cuts it short first).
    const far = await guest.post("/api/email/generate", request(textOf(15_000)));
    expect(far.status).toBe(400);
    expect(far.body).toMatchObject({ reason: "ownTextTooLong", characters: 15_000 });
    expect(far.body.fieldErrors["fields.text"][0]).toContain("15,000 characters");
    expect(server.writer.requests.length).toBe(before);
    expect(await balanceOf(guest)).toBe(300);
  });

  it("refuses an empty or whitespace-only text as a missing field", async () => {
    const guest = new ApiClient(server.url);
    for (const text of ["", " \n\t "]) {
      const response = await guest.post("/api/email/generate", request(text));
      expect(response.status, JSON.stringify(text)).toBe(400);
      expect(response.body.fieldReasons).toEqual({ "fields.text": ["useCaseFieldMissing"] });
    }
  });

  it("takes a text in a script the chosen language does not use", async () => {
    const guest = new ApiClient(server.url);
    const text = "Встреча перенесена на пятницу. 会议改到星期五。";
    const response = await guest.post(
      "/api/email/generate",
      request(text, { language: "turkish" }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(lastToWriter().user).toEqual({ fields: { text } });
  });

  it("costs what it writes: a short answer less than a whole text, the rest refunded", async () => {
    expect(CHARGED).toBeLessThan(COST_PER_USE);
    const { client } = await signUp(server.url, true);
    const before = await balanceOf(client);
    const response = await client.post("/api/email/generate", request(textOf(2000)));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ charged: CHARGED, credits: before - CHARGED });
    expect(await balanceOf(client)).toBe(before - CHARGED);
    // Any other use case's text is a whole text.
    const other = await client.post("/api/email/generate", {
      useCase: "cold-outreach-email",
      fields: { recipient: "Dana at Swiftline", offer: "Route planning" },
      language: "english",
      contentType: "email",
    });
    expect(other.status).toBe(200);
    expect(other.body.charged).toBeUndefined();
    expect(await balanceOf(client)).toBe(before - CHARGED - COST_PER_USE);
  });

  it("counts in a guest's trial like any text, with its credits by the rule", async () => {
    const guest = new ApiClient(server.url, "2001:db8:2626::1");
    const response = await guest.post("/api/email/generate", request(textOf(500)));
    expect(response.status).toBe(200);
    expect((await guest.get("/api/credits/status")).body).toMatchObject({
      credits: 300 - CHARGED,
      trialLeftOnNetwork: 9,
    });
  });

  it("stopped early costs what was delivered, by the stopped-text rule", async () => {
    const { client } = await signUp(server.url, true);
    const before = await balanceOf(client);
    server.writer.setMode("pause", 3);
    const sentBefore = server.writer.wordsSent;
    try {
      const response = await postGenerate(server.url, client, request(textOf(300)));
      let generationId = "";
      const events: Promise<SseEvent[]> = readSse(response, (event) => {
        if (event.event === "start") generationId = event.data.generationId;
        return event.event === "done" || event.event === "error";
      });
      await waitFor(
        "the three words written",
        () => generationId && server.writer.wordsSent >= sentBefore + 3,
      );
      expect((await client.post("/api/email/cancel", { generationId })).body.cancelled).toBe(true);
      const seen = await events;
      const delivered = seen
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join("");
      expect(delivered).toBe("Our team shipped ");
      const charged = partialTextCost(countCharacters(delivered));
      expect(seen.at(-1)!.data).toMatchObject({ modelUsed: "stopped", charged });
      expect(await balanceOf(client)).toBe(before - charged);
    } finally {
      server.writer.setMode("ok");
    }
  });
});

describe("the generate endpoint's body", () => {
  it("takes 6,000 Chinese characters, as UTF-8 and as JSON escapes", async () => {
    const guest = new ApiClient(server.url);
    const text = "我们的团队在星期一发布了新的账单页面。".repeat(400).slice(0, MAX_OWN_TEXT_CHARS);
    const plain = JSON.stringify(request(text));
    // Each character is \uXXXX: six bytes, 36 KB in all.
    const escaped = plain.replace(
      /[^ -~]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    expect(Buffer.byteLength(plain)).toBeGreaterThan(16 * 1024);
    expect(Buffer.byteLength(escaped)).toBeGreaterThan(32 * 1024);
    for (const body of [plain, escaped]) {
      const response = await postRaw(guest, body);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(lastToWriter().user).toEqual({ fields: { text } });
    }
  });

  it("refuses a body past 64 KiB with 413, before reading it as a request", async () => {
    const guest = new ApiClient(server.url);
    const before = server.writer.requests.length;
    const body = JSON.stringify(request("x".repeat(64 * 1024)));
    const response = await postRaw(guest, body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
    // Just under it, the text's own 400 with its count.
    const under = JSON.stringify(request("x".repeat(60_000)));
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(64 * 1024);
    const refused = await postRaw(guest, under);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ reason: "ownTextTooLong", characters: 60_000 });
    expect(server.writer.requests.length).toBe(before);
  });
});
