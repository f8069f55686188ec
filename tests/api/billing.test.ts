import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readServerSentEvents } from "#shared/sse.ts";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Decision 056, one billing rule for JSON and SSE: a client gone before any word reached it
 * is refunded; one gone after gets its text finished, kept and charged 100; a Stop keeps the
 * words delivered and costs their share of the length asked for (an e-mail is short: 120
 * words), rounded up to 10 credits; balance = ledger after each.
 */
const TEXT = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

let fake: Awaited<ReturnType<typeof startChatFake>>;
let storage: Storage;
let server: RunningServer;

beforeAll(async () => {
  // 60 words, 20 ms apart: over a second of text to leave in the middle of.
  fake = await startChatFake({ text: TEXT, model: "fake-model", wordDelayMs: 20 });
  storage = await createStorage();
  server = await startServer(storage, {
    env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_BASE_URL: `${fake.url}/v1` },
  });
});

afterAll(async () => {
  await server?.stop();
  await fake?.close();
  await storage?.cleanup();
});

function post(
  target: RunningServer,
  client: ApiClient,
  signal: AbortSignal,
  stream: boolean,
): Promise<Response> {
  return fetch(`${target.url}/api/email/generate`, {
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

/** Keeps the guest cookie a generation set, as a browser would. */
function keepCookies(client: ApiClient, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [name, value] = cookie.split(";")[0]!.split("=");
    client.cookies.set(name!, value!);
  }
}

const balance = async (client: ApiClient) =>
  (await client.get("/api/credits/status")).body.credits as number;
const history = async (client: ApiClient) =>
  (await client.get("/api/email/my")).body.generations as {
    generatedContent: string;
    modelUsed: string;
  }[];
interface Entry {
  reason: string;
  delta: number;
  stoppedWords: number | null;
  charged: number | null;
}
const activity = async (client: ApiClient) =>
  (await client.get("/api/credits/activity?pageSize=100")).body.entries as Entry[];

async function expectBalanceIsLedger(client: ApiClient, credits: number): Promise<void> {
  expect(await balance(client)).toBe(credits);
  expect((await activity(client)).reduce((sum, e) => sum + e.delta, 0)).toBe(credits);
}

/** Reads SSE events until `until` says stop; returns the events read. */
async function readUntil(
  response: Response,
  until: (event: { event?: string; data: string }, deltas: number) => boolean,
): Promise<{ event?: string; data: string }[]> {
  const seen: { event?: string; data: string }[] = [];
  let deltas = 0;
  for await (const event of readServerSentEvents(response.body!)) {
    seen.push(event);
    if (event.event === "delta") deltas++;
    if (until(event, deltas)) break;
  }
  return seen;
}

describe.each([
  ["JSON", false],
  ["SSE", true],
] as const)("a %s client that leaves", (_, stream) => {
  it("before any word is refunded and keeps no text", async () => {
    const { client } = await signUp(server.url, true);
    fake.setMode("slow-start", 1_500);
    try {
      const requestsBefore = fake.requests.length;
      const controller = new AbortController();
      const pending = post(server, client, controller.signal, stream).catch(() => null);
      await waitFor("the provider asked", () => fake.requests.length > requestsBefore);
      controller.abort();
      await pending;
      await waitFor("the refund", () => balance(client), { done: (credits) => credits === 1000 });
      expect(await history(client)).toEqual([]);
      await expectBalanceIsLedger(client, 1000);
    } finally {
      fake.setMode("ok");
    }
  });

  it.each([1, 5, 30])("after %i words gets the whole text kept and charged 100", async (words) => {
    const { client } = await signUp(server.url, true);
    const controller = new AbortController();
    const wordsBefore = fake.wordsSent;
    const response = post(server, client, controller.signal, stream);
    if (stream) {
      await readUntil(await response, (event, deltas) => deltas === words);
    } else {
      await waitFor("the words written", () => fake.wordsSent >= wordsBefore + words);
    }
    controller.abort();
    await response.catch(() => null);
    const [text] = await waitFor("the finished text", () => history(client), {
      done: (items) => items.length === 1,
    });
    expect(text!.generatedContent.trim()).toBe(TEXT);
    await expectBalanceIsLedger(client, 900);
    const entries = await activity(client);
    expect(entries.filter((e) => e.reason === "generation")).toHaveLength(1);
    expect(entries.filter((e) => e.reason === "refund")).toHaveLength(0);
  });
});

/** Starts a text held after `words` words, Stops it on `stopOn`, and reads its end. */
async function stopAfter(
  client: ApiClient,
  words: number,
  writeOn: RunningServer = server,
  stopOn: RunningServer = server,
) {
  fake.setMode("pause", words);
  const sentBefore = fake.wordsSent;
  try {
    const response = await post(writeOn, client, new AbortController().signal, true);
    keepCookies(client, response);
    let generationId = "";
    const events = readUntil(response, (event, deltas) => {
      if (event.event === "start") generationId = JSON.parse(event.data).generationId;
      return event.event === "done" || event.event === "error";
    });
    await waitFor("the words written", () => generationId && fake.wordsSent >= sentBefore + words);
    // The same browser, through whichever instance the balancer picks for the Stop.
    const stopper = new ApiClient(stopOn.url, client.address);
    for (const [name, value] of client.cookies) stopper.cookies.set(name, value);
    const stop = await stopper.post("/api/email/cancel", { generationId });
    const stoppedAt = Date.now();
    const seen = await events;
    return { stop, seen, endedWithinMs: Date.now() - stoppedAt, last: seen.at(-1)! };
  } finally {
    fake.setMode("ok");
  }
}

describe("Stop", () => {
  it.each([
    [0, 0],
    [1, 10],
    [30, 30],
  ])("after %i words costs %i credits and keeps those words", async (words, cost) => {
    const { client } = await signUp(server.url, true);
    const sentBefore = fake.wordsSent;
    const { stop, seen, last } = await stopAfter(client, words);
    expect(stop.status).toBe(200);
    expect(stop.body.cancelled).toBe(true);
    expect(seen.filter((e) => e.event === "delta")).toHaveLength(words);
    expect(fake.wordsSent - sentBefore).toBe(words);
    if (words === 0) {
      expect(last.event).toBe("error");
      expect(await history(client)).toEqual([]);
    } else {
      expect(last.event).toBe("done");
      const done = JSON.parse(last.data);
      expect(done).toMatchObject({ modelUsed: "stopped", stoppedWords: words, charged: cost });
      expect(done.credits).toBe(1000 - cost);
      const [text] = await history(client);
      expect(text!.generatedContent.trim().split(/\s+/)).toHaveLength(words);
      const refund = (await activity(client)).find((e) => e.reason === "refund")!;
      expect(refund).toMatchObject({ delta: 100 - cost, stoppedWords: words, charged: cost });
    }
    await expectBalanceIsLedger(client, 1000 - cost);
  });

  it("counts a guest's trial the same way", async () => {
    const guest = new ApiClient(server.url, "2001:db8:5709::1");
    const { last } = await stopAfter(guest, 13);
    // 13 of 120 words: 10.8 % of 100, rounded up to 20.
    expect(JSON.parse(last.data)).toMatchObject({ stoppedWords: 13, charged: 20, credits: 280 });
    expect(await balance(guest)).toBe(280);
  });

  it("of a text that is not the caller's, or not running, changes nothing", async () => {
    const { client } = await signUp(server.url, true);
    const { client: stranger } = await signUp(server.url, true);
    const finished = await client.post("/api/email/generate", request);
    expect(finished.status).toBe(200);
    for (const who of [client, stranger]) {
      const stop = await who.post("/api/email/cancel", {
        generationId: finished.body.generationId,
      });
      expect(stop.body.cancelled).toBe(false);
    }
    await expectBalanceIsLedger(client, 900);
  });
});

describe.runIf(usingPostgres)("Stop sent to another instance", () => {
  let other: RunningServer;

  beforeAll(async () => {
    other = await startServer(storage, {
      env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_BASE_URL: `${fake.url}/v1` },
    });
  });

  afterAll(async () => {
    await other?.stop();
  });

  it("stops the text within a second and charges by the words delivered", async () => {
    const { client } = await signUp(server.url, true);
    const { stop, last, endedWithinMs } = await stopAfter(client, 30, server, other);
    expect(stop.body.cancelled).toBe(true);
    expect(last.event).toBe("done");
    expect(JSON.parse(last.data)).toMatchObject({ stoppedWords: 30, charged: 30 });
    // A bound on a hang, not a speed figure: the writer looks for Stops twice a second.
    expect(endedWithinMs).toBeLessThan(3_000);
    await expectBalanceIsLedger(client, 970);
  });
});
