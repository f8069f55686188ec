import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHARACTERS_PER_TEXT, countCharacters, partialTextCost } from "#shared/credits.ts";
import { readServerSentEvents } from "#shared/sse.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { startServer, usingPostgres, type RunningServer } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { allInFlightAtOnce, balanceOf, postGenerate } from "../support/generate.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Decision 056, one billing rule for JSON and SSE: a client gone before any word reached it
 * is refunded; one gone after gets its text finished, kept and charged 100; a text that ends
 * early (a Stop, or its writer failing after words went out) keeps the text delivered and
 * costs its characters' share of a whole text (800), rounded up to 10 credits, whatever
 * separates its words and whatever length was asked; balance = ledger after each.
 */
const WORDS = Array.from({ length: 60 }, (_, i) => `word${i}`);
const TEXT = WORDS.join(" ");
const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

/** What joins the fake writer's words when the description names it. */
const SEPARATORS = { space: " ", braille: "\u2800", "zero-width space": "\u200b" } as const;

/** The fake's answer: 60 words, joined as the description asks; 30 for "a short note". */
function answer(body: { messages: { role: string; content: string }[] }): string {
  const user = body.messages.at(-1)?.content ?? "";
  const named = Object.entries(SEPARATORS).find(([name]) => user.includes(`joined by ${name}`));
  const words = user.includes("a short note") ? WORDS.slice(0, 30) : WORDS;
  return words.join(named?.[1] ?? " ");
}

const server = useServer({
  // 20 ms between words (over a second of text to leave in the middle of); 30 "steadily",
  // 80 "slowly".
  writer: {
    text: answer,
    model: "fake-model",
    wordDelayMs: (body) => {
      const user = body.messages.at(-1)?.content ?? "";
      return user.includes("slowly") ? 80 : user.includes("steadily") ? 30 : 20;
    },
  },
  // An account's five texts at once from one browser meet its bound, not the address's
  // (taken first, in memory: all five may hold a place before one is refused).
  env: { TRUSTED_PROXY: "1", TEXTS_IN_FLIGHT_PER_ADDRESS: "10" },
});

function post(
  target: RunningServer,
  client: ApiClient,
  signal: AbortSignal,
  stream: boolean,
  body: object = request,
): Promise<Response> {
  return postGenerate(target.url, client, body, { stream, signal });
}

/** Keeps the guest cookie a generation set, as a browser would. */
function keepCookies(client: ApiClient, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [name, value] = cookie.split(";")[0]!.split("=");
    client.cookies.set(name!, value!);
  }
}

const balance = balanceOf;
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
  stoppedByWriter: boolean;
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
    server.writer.setMode("slow-start", 1_500);
    try {
      const requestsBefore = server.writer.requests.length;
      const controller = new AbortController();
      const pending = post(server, client, controller.signal, stream).catch(() => null);
      await waitFor("the provider asked", () => server.writer.requests.length > requestsBefore);
      controller.abort();
      await pending;
      await waitFor("the refund", () => balance(client), { done: (credits) => credits === 1000 });
      expect(await history(client)).toEqual([]);
      await expectBalanceIsLedger(client, 1000);
    } finally {
      server.writer.setMode("ok");
    }
  });

  it.each([1, 5, 30])("after %i words gets the whole text kept and charged 100", async (words) => {
    const { client } = await signUp(server.url, true);
    const controller = new AbortController();
    const wordsBefore = server.writer.wordsSent;
    const response = post(server, client, controller.signal, stream);
    if (stream) {
      await readUntil(await response, (event, deltas) => deltas === words);
    } else {
      await waitFor("the words written", () => server.writer.wordsSent >= wordsBefore + words);
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
  body: object = request,
) {
  server.writer.setMode("pause", words);
  const sentBefore = server.writer.wordsSent;
  try {
    const response = await post(writeOn, client, new AbortController().signal, true, body);
    keepCookies(client, response);
    let generationId = "";
    const events = readUntil(response, (event) => {
      if (event.event === "start") generationId = JSON.parse(event.data).generationId;
      return event.event === "done" || event.event === "error";
    });
    await waitFor(
      "the words written",
      () => generationId && server.writer.wordsSent >= sentBefore + words,
    );
    // The same browser, through whichever instance the balancer picks for the Stop.
    const stopper = new ApiClient(stopOn.url, client.address);
    for (const [name, value] of client.cookies) stopper.cookies.set(name, value);
    const stop = await stopper.post("/api/email/cancel", { generationId });
    const stoppedAt = Date.now();
    const seen = await events;
    return { stop, seen, endedWithinMs: Date.now() - stoppedAt, last: seen.at(-1)! };
  } finally {
    server.writer.setMode("ok");
  }
}

describe("Stop", () => {
  it.each([
    [0, 0],
    [1, 10],
    [30, 30],
  ])("after %i words costs %i credits and keeps those words", async (words, cost) => {
    const { client } = await signUp(server.url, true);
    const sentBefore = server.writer.wordsSent;
    const { stop, seen, last } = await stopAfter(client, words);
    expect(stop.status).toBe(200);
    expect(stop.body.cancelled).toBe(true);
    expect(seen.filter((e) => e.event === "delta")).toHaveLength(words);
    expect(server.writer.wordsSent - sentBefore).toBe(words);
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
    // 13 words of 6 and 7 characters with their spaces: 81 of 800, rounded up to 20.
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

describe("the price of a text that ends early", () => {
  const stopped30 = (separator: string) =>
    WORDS.slice(0, 30)
      .map((word) => word + separator)
      .join("");

  it("is the same for the same words, whatever joins them and whatever length was asked", async () => {
    const charges: number[] = [];
    for (const [name, separator] of Object.entries(SEPARATORS)) {
      for (const length of ["medium", "long"] as const) {
        const { client } = await signUp(server.url, true);
        const body = { ...request, content: `A note joined by ${name}`, length };
        const { last } = await stopAfter(client, 30, server, server, body);
        const done = JSON.parse(last.data);
        expect(done.modelUsed).toBe("stopped");
        expect(done.charged).toBe(partialTextCost(countCharacters(stopped30(separator))));
        const [text] = await history(client);
        expect(text!.generatedContent).toBe(stopped30(separator));
        charges.push(done.charged);
        await expectBalanceIsLedger(client, 1000 - done.charged);
      }
    }
    // 30 words of 200 characters: a quarter of a whole text, each way.
    expect(charges).toEqual(Array(6).fill(30));
  });

  it("is a whole text's for a Stop sent on the last word", async () => {
    const { client } = await signUp(server.url, true);
    const body = { ...request, content: "a short note" };
    const response = await post(server, client, new AbortController().signal, true, body);
    let generationId = "";
    let stop: Promise<unknown> | null = null;
    const seen = await readUntil(response, (event, deltas) => {
      if (event.event === "start") generationId = JSON.parse(event.data).generationId;
      // The 30th word is the last: Stop at once, before the writer says it is done.
      if (deltas === 30 && !stop) stop = client.post("/api/email/cancel", { generationId });
      return event.event === "done" || event.event === "error";
    });
    await stop;
    expect(JSON.parse(seen.at(-1)!.data)).toMatchObject({ modelUsed: "localai", credits: 900 });
    await expectBalanceIsLedger(client, 900);
  });

  it("never grows past a whole text", () => {
    expect(partialTextCost(CHARACTERS_PER_TEXT * 10)).toBe(100);
  });
});

describe("a writer that drops after 30 words", () => {
  it("over SSE keeps the 30 words and charges them by the rule", async () => {
    const { client } = await signUp(server.url, true);
    server.writer.setMode("cut");
    try {
      const response = await post(server, client, new AbortController().signal, true);
      const seen = await readUntil(response, (e) => e.event === "done" || e.event === "error");
      const done = JSON.parse(seen.at(-1)!.data);
      expect(seen.at(-1)!.event).toBe("done");
      expect(done).toMatchObject({ modelUsed: "stopped", stoppedBy: "writer", stoppedWords: 30 });
      expect(done.charged).toBe(
        partialTextCost(countCharacters(WORDS.slice(0, 30).join(" ") + " ")),
      );
      const refund = (await activity(client)).find((e) => e.reason === "refund")!;
      expect(refund).toMatchObject({ stoppedWords: 30, stoppedByWriter: true });
      await expectBalanceIsLedger(client, 1000 - done.charged);
    } finally {
      server.writer.setMode("ok");
    }
  });

  it("over JSON answers 503 and refunds: that client received no text", async () => {
    const { client } = await signUp(server.url, true);
    server.writer.setMode("cut");
    try {
      const response = await post(server, client, new AbortController().signal, false);
      expect(response.status).toBe(503);
      expect(await history(client)).toEqual([]);
      await expectBalanceIsLedger(client, 1000);
    } finally {
      server.writer.setMode("ok");
    }
  });
});

describe("texts in flight", () => {
  it("one account starting 5 at once gets 2 written and 3 answered 429; another is served", async () => {
    const { client } = await signUp(server.url, true);
    const { client: other } = await signUp(server.url, true);
    // None is written before every one was refused or reached the writer.
    const answers = await allInFlightAtOnce(server.writer, [
      ...Array.from({ length: 5 }, () => () => client.post("/api/email/generate", request)),
      () => other.post("/api/email/generate", request),
    ]);
    const mine = answers.slice(0, 5);
    expect(mine.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = mine.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.body.message).toMatch(/already have texts being written/);
      expect(answer.body.reason).toBe("ownerTextsInFlight");
    }
    expect(answers[5]!.status).toBe(200);
    await expectBalanceIsLedger(client, 800);
    await expectBalanceIsLedger(other, 900);
  });
});

describe("an address's texts in flight", () => {
  // A server of its own: the main one's bound is out of the way of an account's texts, and
  // the strict one's second of silence would end texts held at the writer's gate.
  const byAddress = useServer({
    writer: { text: TEXT, model: "fake-model" },
    env: { TRUSTED_PROXY: "1", TEXTS_IN_FLIGHT_PER_ADDRESS: "3" },
  });

  it("one address's accounts share its bound; another address is served", async () => {
    const address = "203.0.113.77";
    const accounts = await Promise.all(
      [1, 2, 3].map(async () => {
        const { client } = await signUp(byAddress.url, true);
        const sameAddress = new ApiClient(byAddress.url, address);
        for (const [name, value] of client.cookies) sameAddress.cookies.set(name, value);
        return sameAddress;
      }),
    );
    const { client: elsewhere } = await signUp(byAddress.url, true);
    // None is written before every one was refused or reached the writer.
    const answers = await allInFlightAtOnce(byAddress.writer, [
      ...accounts.flatMap((client) =>
        [1, 2].map(() => () => client.post("/api/email/generate", request)),
      ),
      () => elsewhere.post("/api/email/generate", request),
    ]);
    const fromAddress = answers.slice(0, 6);
    expect(fromAddress.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = fromAddress.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.body.message).toMatch(/from your network/);
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(answers[6]!.status).toBe(200);
    for (const client of accounts) {
      const credits = await balance(client);
      expect((await activity(client)).reduce((sum, e) => sum + e.delta, 0)).toBe(credits);
    }
  });
});

describe.runIf(usingPostgres)("Stop sent to another instance", () => {
  let other: RunningServer;

  beforeAll(async () => {
    other = await startServer(server.storage, {
      env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_BASE_URL: `${server.writer.url}/v1` },
    });
  });

  afterAll(async () => {
    await other?.stop();
  });

  it("stops the text there and charges by the words delivered", async () => {
    const { client } = await signUp(server.url, true);
    const { stop, last, endedWithinMs } = await stopAfter(client, 30, server, other);
    expect(stop.body.cancelled).toBe(true);
    expect(last.event).toBe("done");
    expect(JSON.parse(last.data)).toMatchObject({ stoppedWords: 30, charged: 30 });
    // The Stop ended it, not the held writer's 30 s of silence: a bound on a hang, not a
    // speed figure (the writer looks for Stops twice a second).
    expect(endedWithinMs).toBeLessThan(15_000);
    await expectBalanceIsLedger(client, 970);
  });
});

describe("a writer's deadlines", () => {
  const strict = useServer({
    env: () => ({
      TRUSTED_PROXY: "1",
      OPENAI_COMPAT_BASE_URL: `${server.writer.url}/v1`,
      PROVIDER_TIMEOUT_MS: "1000",
      PROVIDER_TEXT_TIMEOUT_MS: "3000",
    }),
  });

  it("a writer writing steadily past PROVIDER_TIMEOUT_MS finishes its text and costs 100", async () => {
    const { client } = await signUp(strict.url, true);
    // 60 words 30 ms apart: 1.8 s in all, never a second silent.
    const body = { ...request, content: "A note written steadily" };
    const response = await post(strict, client, new AbortController().signal, true, body);
    const seen = await readUntil(response, (e) => e.event === "done" || e.event === "error");
    expect(JSON.parse(seen.at(-1)!.data)).toMatchObject({ modelUsed: "localai", credits: 900 });
    expect((await history(client))[0]!.generatedContent.trim()).toBe(TEXT);
    await expectBalanceIsLedger(client, 900);
  });

  it("a writer past PROVIDER_TEXT_TIMEOUT_MS ends there, its text kept and charged by the rule", async () => {
    const { client } = await signUp(strict.url, true);
    // 60 words 80 ms apart: 4.8 s, past the 3 s the whole text may take.
    const body = { ...request, content: "A note written slowly" };
    const response = await post(strict, client, new AbortController().signal, true, body);
    const seen = await readUntil(response, (e) => e.event === "done" || e.event === "error");
    const done = JSON.parse(seen.at(-1)!.data);
    expect(done).toMatchObject({ modelUsed: "stopped", stoppedBy: "writer" });
    expect(done.stoppedWords).toBeGreaterThan(0);
    expect(done.stoppedWords).toBeLessThan(60);
    const [text] = await history(client);
    expect(done.charged).toBe(partialTextCost(countCharacters(text!.generatedContent)));
    await expectBalanceIsLedger(client, 1000 - done.charged);
  });
});
