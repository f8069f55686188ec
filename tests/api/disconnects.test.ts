import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerSentEvents } from "#shared/sse.ts";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, startServer, type RunningServer, type Storage } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Decision 011, once for JSON and SSE (issue 8), and issue 7 item 9: a client gone before
 * it can have seen any text is refunded, whatever the writer's pace; one gone once its text
 * has been out for a second finds the finished text in its history, charged once.
 */
const TEXT = Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ");
const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

let fake: Awaited<ReturnType<typeof startChatFake>>;
let storages: Storage[] = [];
let offline: RunningServer;
let slow: RunningServer;

beforeAll(async () => {
  // 40 words, 50 ms apart: two seconds of text to leave in the middle of.
  fake = await startChatFake({ text: TEXT, model: "fake-model", wordDelayMs: 50 });
  storages = await Promise.all([createStorage(), createStorage()]);
  [offline, slow] = await Promise.all([
    startServer(storages[0]!, { env: { TRUSTED_PROXY: "1" } }),
    startServer(storages[1]!, {
      env: {
        TRUSTED_PROXY: "1",
        OPENAI_COMPAT_BASE_URL: `${fake.url}/v1`,
        GENERATION_PROVIDERS: "localai",
      },
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([offline?.stop(), slow?.stop()]);
  await fake?.close();
  await Promise.all(storages.map((storage) => storage.cleanup()));
});

function post(server: RunningServer, client: ApiClient, signal: AbortSignal, stream: boolean) {
  return fetch(`${server.url}/api/email/generate`, {
    method: "POST",
    signal,
    headers: {
      ...client.browserHeaders(),
      "content-type": "application/json",
      ...(stream ? { accept: "text/event-stream" } : {}),
    },
    body: JSON.stringify(request),
  });
}

const balance = async (client: ApiClient) =>
  (await client.get("/api/credits/status")).body.credits as number;
const history = async (client: ApiClient) =>
  (await client.get("/api/email/my")).body.generations as { generatedContent: string }[];

describe("a tab closed at the start event", () => {
  it("is refunded, twenty of twenty, with the offline engine's quick first words", async () => {
    const guests = Array.from(
      { length: 20 },
      (_, i) => new ApiClient(offline.url, `2001:db8:c105:e::${i + 1}`),
    );
    for (const guest of guests) {
      const controller = new AbortController();
      const response = await post(offline, guest, controller.signal, true);
      for (const cookie of response.headers.getSetCookie()) {
        const [name, value] = cookie.split(";")[0]!.split("=");
        guest.cookies.set(name!, value!);
      }
      for await (const event of readServerSentEvents(response.body!)) {
        if (event.event === "start") break;
      }
      controller.abort();
    }
    for (const guest of guests) {
      await waitFor("the refund", () => balance(guest), { done: (credits) => credits === 300 });
    }
  });
});

describe.each([
  ["JSON", false],
  ["SSE", true],
] as const)("a %s client", (_, stream) => {
  it("gone before the first token is refunded and keeps no text", async () => {
    const { client } = await signUp(slow.url, true);
    fake.setMode("slow-start", 1_500);
    try {
      const requestsBefore = fake.requests.length;
      const controller = new AbortController();
      const pending = post(slow, client, controller.signal, stream).catch(() => null);
      await waitFor("the provider asked", () => fake.requests.length > requestsBefore);
      controller.abort();
      await pending;
      await waitFor("the refund", () => balance(client), { done: (credits) => credits === 1000 });
      expect(await history(client)).toEqual([]);
    } finally {
      fake.setMode("ok");
    }
  });

  it("gone a second into its text finds the finished text in its history, charged once", async () => {
    const { client } = await signUp(slow.url, true);
    const controller = new AbortController();
    const wordsBefore = fake.wordsSent;
    const response = post(slow, client, controller.signal, stream);
    if (stream) {
      let deltas = 0;
      for await (const event of readServerSentEvents((await response).body!)) {
        // 25 words, 50 ms apart: the text has been out for over a second.
        if (event.event === "delta" && ++deltas === 25) break;
      }
    } else {
      await waitFor("a second of words", () => fake.wordsSent >= wordsBefore + 25);
    }
    controller.abort();
    await response.catch(() => null);
    const [text] = await waitFor("the finished text", () => history(client), {
      done: (items) => items.length === 1,
    });
    expect(text!.generatedContent.trim()).toBe(TEXT);
    expect(await balance(client)).toBe(900);
    const entries = (await client.get("/api/credits/activity?pageSize=100")).body.entries as {
      reason: string;
      delta: number;
    }[];
    expect(entries.filter((e) => e.reason === "generation")).toHaveLength(1);
    expect(entries.filter((e) => e.reason === "refund")).toHaveLength(0);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(900);
  });
});
