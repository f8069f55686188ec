import { beforeEach, describe, expect, it } from "vitest";
import { countCharacters, partialTextCost } from "#shared/credits.ts";
import { TONE_GUIDES } from "#server/generation/tones.ts";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, startServer } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { balanceOf, postGenerate, QUARTERLY_EMAIL } from "../support/generate.ts";
import { readSse } from "../support/sse.ts";
import { waitFor } from "../support/wait.ts";

const MISTRAL_TEXT =
  "Dear team, the quarterly results are in and they look strong. Best regards, Ana";
const LOCALAI_TEXT = "Hello all, here is the local model's draft about the results. Thanks, Ana";
const request = QUARTERLY_EMAIL;

const server = useServer({
  mistral: { text: MISTRAL_TEXT, model: "mistral-small-latest" },
  writer: { text: LOCALAI_TEXT, model: "llama3.2" },
  env: {
    TRUSTED_PROXY: "1",
    OPENAI_COMPAT_API_KEY: "test-local-key",
    // Long enough for the first call, which loads the Mistral SDK on a slow, busy machine
    // (over 1.5 s seen in CI here), short enough for the timeout test.
    PROVIDER_TIMEOUT_MS: "4000",
    // The credits test starts 200 texts of one account at once: the ledger, not the bound
    // on texts in flight (tests/api/billing.test.ts), is what it holds to account.
    TEXTS_IN_FLIGHT_PER_OWNER: "1000",
  },
});

beforeEach(() => {
  server.mistral.setMode("ok");
  server.writer.setMode("ok");
});

const balance = balanceOf;

function streamed(client: ApiClient, body: unknown = request): Promise<Response> {
  return postGenerate(server.url, client, body);
}

describe("answers", () => {
  it("answers JSON from Mistral through its SDK, with the visitor's words passed as data", async () => {
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", { ...request, language: "german" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      content: MISTRAL_TEXT,
      modelUsed: "mistral-ai",
      credits: 900,
    });
    expect(response.body.subject).toBe("the quarterly results");

    const sent = server.mistral.requests.at(-1)!;
    expect(sent.authorization).toBe("Bearer test-mistral-key");
    const [system, user] = sent.body.messages;
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("Deutsch (German)");
    expect(system!.content).not.toContain("quarterly results");
    expect(JSON.parse(user!.content)).toEqual({
      subject: "the quarterly results",
      description: request.content,
    });
  });

  it("gives the writer the chosen tone's instructions in the system message", async () => {
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", { ...request, tone: "empathetic" });
    expect(response.status).toBe(200);
    const [system, user] = server.mistral.requests.at(-1)!.body.messages;
    expect(system!.content).toContain(`Tone: ${TONE_GUIDES.empathetic.instructions}.`);
    expect(user!.content).not.toContain(TONE_GUIDES.empathetic.instructions);
  });

  it("streams server-sent events: start, deltas that add up to the text, done", async () => {
    const { client } = await signUp(server.url, true);
    const response = await streamed(client);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const events = await readSse(response);
    expect(events[0]).toMatchObject({ event: "start", data: { subject: "the quarterly results" } });
    const text = events
      .filter((e) => e.event === "delta")
      .map((e) => e.data.text)
      .join("");
    expect(text).toBe(MISTRAL_TEXT);
    expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({
      event: "done",
      data: { modelUsed: "mistral-ai", credits: 900 },
    });
    expect(server.mistral.requests.at(-1)!.body.stream).toBe(true);
  });

  it("names the model each writer was asked for, for the badge (issue 22)", async () => {
    const { client } = await signUp(server.url, true);
    const fromMistral = await readSse(await streamed(client));
    expect(fromMistral.at(-1)).toMatchObject({
      event: "done",
      data: { modelUsed: "mistral-ai", modelName: server.mistral.requests.at(-1)!.body.model },
    });
    expect(server.mistral.requests.at(-1)!.body.model).toBe("mistral-small-latest");

    server.mistral.setMode("error");
    const fromServer = await readSse(await streamed(client));
    // OPENAI_COMPAT_MODEL's default: the model the OpenAI-compatible server was asked for.
    expect(server.writer.requests.at(-1)!.body.model).toBe("llama3.2");
    expect(fromServer.at(-1)).toMatchObject({
      event: "done",
      data: { modelUsed: "localai", modelName: "llama3.2" },
    });
  });
});

describe("fallback", () => {
  it("goes on to the OpenAI-compatible server when Mistral fails", async () => {
    server.mistral.setMode("error");
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.body).toMatchObject({
      success: true,
      content: LOCALAI_TEXT,
      modelUsed: "localai",
      credits: 900,
    });
    expect(server.writer.requests.at(-1)!.authorization).toBe("Bearer test-local-key");
  });

  it("goes on when Mistral times out", async () => {
    server.mistral.setMode("hang");
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.body).toMatchObject({ modelUsed: "localai", credits: 900 });
  });

  it("finishes a JSON text cut off mid-stream with the next provider, charging once", async () => {
    server.mistral.setMode("cut");
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ modelUsed: "localai", content: LOCALAI_TEXT });
    expect(await balance(client)).toBe(900);
  });

  it("ends a streamed text cut off mid-stream there, kept and priced as a Stop (decision 056)", async () => {
    server.mistral.setMode("cut");
    const { client } = await signUp(server.url, true);
    const events = await readSse(await streamed(client));
    const names = events.map((e) => e.event);
    expect(names).not.toContain("reset");
    const delivered = events
      .filter((e) => e.event === "delta")
      .map((e) => e.data.text)
      .join("");
    expect(MISTRAL_TEXT.startsWith(delivered)).toBe(true);
    const done = events.at(-1)!;
    expect(done).toMatchObject({
      event: "done",
      data: { modelUsed: "stopped", stoppedBy: "writer" },
    });
    expect(await balance(client)).toBe(1000 - (done.data.charged as number));
    expect(done.data.charged).toBe(partialTextCost(countCharacters(delivered)));
  });

  it("answers 503 and refunds when every configured AI writer fails, never a template draft", async () => {
    server.mistral.setMode("error");
    server.writer.setMode("error");
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
    expect(response.body.content).toBeUndefined();
    expect(await balance(client)).toBe(1000);
  });
});

describe("credits", () => {
  it("200 parallel generations on 1000 credits: exactly 10 answers with text", async () => {
    const { token } = await signUp(server.url, true);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        new ApiClient(server.url, `2001:db8:200:${i.toString(16)}::1`).post(
          "/api/email/generate",
          request,
          { bearer: token },
        ),
      ),
    );
    const withText = responses.filter((r) => r.status === 200 && r.body.content);
    expect(withText).toHaveLength(10);
    expect(responses.every((r) => [200, 402, 429].includes(r.status))).toBe(true);
    expect(
      responses
        .filter((r) => r.status === 402)
        .every((r) => r.body.code === "INSUFFICIENT_CREDITS" && r.body.isGuest === false),
    ).toBe(true);
    const status = await new ApiClient(server.url).get("/api/credits/status", { bearer: token });
    expect(status.body.credits).toBe(0);
  });

  it("gives the credits back to a client that disconnects before the first token", async () => {
    server.mistral.setMode("slow-start", 3_000);
    const { client } = await signUp(server.url, true);
    const controller = new AbortController();
    const pending = postGenerate(server.url, client, request, { signal: controller.signal });
    const response = await pending;
    const reader = response.body!.getReader();
    await reader.read(); // the start event
    controller.abort();
    await waitFor("the refund", () => balance(client), { done: (credits) => credits === 1000 });
    expect((await client.get("/api/email/my")).body.generations).toEqual([]);
  });

  it("answers a guest's fourth text with 402 and isGuest", async () => {
    const guest = new ApiClient(server.url);
    for (let i = 0; i < 3; i++)
      expect((await guest.post("/api/email/generate", request)).status).toBe(200);
    expect(guest.cookies.has("guest_id")).toBe(true);
    const fourth = await guest.post("/api/email/generate", request);
    expect(fourth.status).toBe(402);
    expect(fourth.body).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      isGuest: true,
      message: "Your free trial has ended. Create an account for more usage.",
    });
  });
});

describe("an address's trial", () => {
  const PASSWORD = "violet-harbor-42";

  it("ten unverified accounts from one address share its guests' trial, 10 texts in all; a verified account gets 1000", async () => {
    const address = "2001:db8:7:1::1";
    const guest = new ApiClient(server.url, address);
    for (let i = 0; i < 3; i++)
      expect((await guest.post("/api/email/generate", request)).status).toBe(200);
    let trialTexts = 3;
    for (let i = 0; i < 10; i++) {
      const browser = new ApiClient(server.url, address);
      const registered = await browser.post("/api/auth/register", {
        email: `trial-${i}-${Date.now()}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(registered.status).toBe(201);
      for (;;) {
        const answer = await browser.post("/api/email/generate", request);
        if (answer.status === 200) {
          trialTexts++;
          continue;
        }
        expect(answer.status).toBe(402);
        expect(answer.body).toMatchObject({
          code: "INSUFFICIENT_CREDITS",
          isGuest: false,
          message: "Verify your email to unlock 1000 weekly credits.",
        });
        break;
      }
    }
    expect(trialTexts).toBe(10);

    // Verified, an account of the same address is past the trial: 1000 credits, and it writes.
    const { client } = await signUp(server.url, true);
    const verified = new ApiClient(server.url, address);
    for (const [name, value] of client.cookies) verified.cookies.set(name, value);
    expect(await balance(verified)).toBe(1000);
    expect((await verified.post("/api/email/generate", request)).status).toBe(200);
    expect(await balance(verified)).toBe(900);
  });

  it("cookieless generates past the address's cap make no guests: 402 with isGuest and no cookie", async () => {
    const address = "2001:db8:7:2::1";
    for (let i = 0; i < 10; i++)
      expect(
        (await new ApiClient(server.url, address).post("/api/email/generate", request)).status,
      ).toBe(200);
    const refused = await Promise.all(
      Array.from({ length: 20 }, () =>
        new ApiClient(server.url, address).post("/api/email/generate", request),
      ),
    );
    for (const answer of refused) {
      expect(answer.status).toBe(402);
      expect(answer.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", isGuest: true });
      // A guest is made with its cookie: no cookie, no guest.
      expect(answer.headers.getSetCookie().filter((c) => c.startsWith("guest_id="))).toEqual([]);
    }
  });
});

describe("history", () => {
  it("lists a user's own texts newest first, and only the owner can delete one", async () => {
    const owner = await signUp(server.url, true);
    const other = await signUp(server.url, true);
    const first = await owner.client.post("/api/email/generate", {
      ...request,
      content: "An essay about rivers",
      contentType: "essay",
    });
    const second = await owner.client.post("/api/email/generate", request);
    const history = (await owner.client.get("/api/email/my")).body.generations;
    expect(history.map((g: { id: string }) => g.id)).toEqual([
      second.body.generationId,
      first.body.generationId,
    ]);
    expect(history[1]).toMatchObject({
      subject: "rivers",
      contentType: "essay",
      language: "english",
      generatedContent: MISTRAL_TEXT,
    });

    expect(
      (await other.client.request("DELETE", `/api/email/delete/${first.body.generationId}`)).status,
    ).toBe(404);
    expect((await other.client.get("/api/email/my")).body.generations).toEqual([]);
    expect((await owner.client.request("DELETE", "/api/email/delete/not-a-uuid")).status).toBe(404);
    const deleted = await owner.client.request(
      "DELETE",
      `/api/email/delete/${first.body.generationId}`,
    );
    expect(deleted.body).toEqual({ success: true, message: "Text deleted successfully" });
    expect((await owner.client.get("/api/email/my")).body.generations).toHaveLength(1);
    expect((await new ApiClient(server.url).get("/api/email/my")).status).toBe(401);
  });

  it("moves a guest's trial texts to the account registered from the same browser", async () => {
    const browser = new ApiClient(server.url);
    const trial = await browser.post("/api/email/generate", request);
    expect(trial.status).toBe(200);
    const password = "violet-harbor-42";
    await browser.post("/api/auth/register", {
      email: `moved-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
    });
    expect(browser.cookies.has("guest_id")).toBe(false);
    const history = (await browser.get("/api/email/my")).body.generations;
    expect(history.map((g: { id: string }) => g.id)).toEqual([trial.body.generationId]);
    expect((await browser.get("/api/credits/status")).body.credits).toBe(300);
  });
});

describe("validation", () => {
  it.each([
    [{ ...request, content: "   " }, "content", "Please describe the text you want."],
    [
      { ...request, content: "x".repeat(4001) },
      "content",
      "Please keep the description under 4000 characters.",
    ],
    [{ ...request, language: "klingon" }, "language", "Please choose a language."],
    [{ ...request, contentType: "sonnet" }, "contentType", "Please choose a content type."],
    [{ ...request, tone: "angry" }, "tone", undefined],
  ])("refuses %j", async (body, field, message) => {
    const response = await new ApiClient(server.url).post("/api/email/generate", body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors)).toContain(field);
    if (message) expect(response.body.message).toBe(message);
  });
});

describe("without the offline engine", () => {
  it("refunds and answers 503 when the only provider fails; a stream cut after words keeps them", async () => {
    const onlyLocal = await startChatFake({ text: LOCALAI_TEXT, model: "llama3.2" });
    const own = await createStorage();
    const strict = await startServer(own, {
      env: {
        TRUSTED_PROXY: "1",
        OPENAI_COMPAT_BASE_URL: `${onlyLocal.url}/v1`,
        GENERATION_PROVIDERS: "localai",
        PROVIDER_TIMEOUT_MS: "1000",
      },
    });
    try {
      onlyLocal.setMode("error");
      const { client } = await signUp(strict.url, false);
      const failed = await client.post("/api/email/generate", request);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ success: false, code: "SERVICE_UNAVAILABLE" });
      expect(failed.body.message).toContain("refunded");
      expect((await client.get("/api/credits/status")).body.credits).toBe(300);

      // Cut after words went out: the stream keeps them, priced as a Stop (decision 056).
      onlyLocal.setMode("cut");
      const events = await readSse(await postGenerate(strict.url, client, request));
      expect(events.map((e) => e.event)).not.toContain("reset");
      const end = events.at(-1)!;
      expect(end).toMatchObject({
        event: "done",
        data: { modelUsed: "stopped", stoppedBy: "writer" },
      });
      const charged = end.data.charged as number;
      expect(charged).toBeGreaterThan(0);
      expect((await client.get("/api/credits/status")).body.credits).toBe(300 - charged);
      const activity = (await client.get("/api/credits/activity")).body.entries.map(
        (e: { reason: string }) => e.reason,
      );
      expect(activity.filter((r: string) => r === "refund")).toHaveLength(2);
    } finally {
      await strict.stop();
      await own.cleanup();
      await onlyLocal.close();
    }
  });
});
