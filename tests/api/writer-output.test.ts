import { beforeEach, describe, expect, it } from "vitest";
import type { ChatFake } from "../fakes/chat-completions.ts";
import { signUp, type ApiClient } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";
import { postGenerate, QUARTERLY_EMAIL } from "../support/generate.ts";
import { readSse } from "../support/sse.ts";

/**
 * Issue 12, items 9 and 10: every remote writer is held to the length's token budget, and
 * what a writer sends is cleaned of bytes that nobody can keep before it is streamed or saved.
 */
const MISTRAL_TEXT = "A short note from Mistral about the results.";
/** NUL and BEL inside words and between them, a CRLF, and a tab that stays. */
const DIRTY_TEXT = "Dear\u0000 team,\r\nthe re\u0007sults\u0000 are\tin.\u0007 Best, Ana";
const CLEAN_TEXT = "Dear team,\nthe results are\tin. Best, Ana";
/** A writer looping on markup: 81 KB of nested quotes, in one piece. */
const NESTED_QUOTES = ">".repeat(81_000) + " end";

const request = QUARTERLY_EMAIL;

const server = useServer({
  mistral: {
    text: (body) =>
      body.messages.at(-1)?.content.includes("nested quotes") ? NESTED_QUOTES : MISTRAL_TEXT,
    model: "mistral-small-latest",
  },
  writer: { text: DIRTY_TEXT, model: "llama3.2" },
  env: { TRUSTED_PROXY: "1" },
});

beforeEach(() => {
  server.mistral.setMode("ok");
  server.writer.setMode("ok");
});

function streamed(client: ApiClient, body: unknown = request): Promise<Response> {
  return postGenerate(server.url, client, body);
}

const history = async (client: ApiClient) =>
  (await client.get("/api/email/my")).body.generations as { generatedContent: string }[];

describe("a writer's control characters", () => {
  it("are left out of a JSON answer and of history, with 200", async () => {
    server.mistral.setMode("error");
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, modelUsed: "localai" });
    expect(response.body.content).toBe(CLEAN_TEXT);
    expect((await history(client)).map((text) => text.generatedContent)).toEqual([CLEAN_TEXT]);
  });

  it("are left out of every streamed piece and of history", async () => {
    server.mistral.setMode("error");
    const { client } = await signUp(server.url, true);
    const response = await streamed(client);
    expect(response.status).toBe(200);
    const events = await readSse(response);
    const deltas = events.filter((e) => e.event === "delta").map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(CLEAN_TEXT);
    expect(events.at(-1)).toMatchObject({ event: "done", data: { modelUsed: "localai" } });
    expect((await history(client)).map((text) => text.generatedContent)).toEqual([CLEAN_TEXT]);
  });
});

describe("the token budget", () => {
  const lengths = ["short", "medium", "long"] as const;

  async function budgets(fake: ChatFake): Promise<number[]> {
    const { client } = await signUp(server.url, true);
    const sent: number[] = [];
    for (const length of lengths) {
      const before = fake.requests.length;
      const response = await client.post("/api/email/generate", { ...request, length });
      expect(response.status).toBe(200);
      expect(fake.requests).toHaveLength(before + 1);
      sent.push(fake.requests.at(-1)!.body.max_tokens!);
    }
    return sent;
  }

  it("goes to Mistral with every request, longer for a longer text", async () => {
    const [short, medium, long] = await budgets(server.mistral);
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(medium!);
    expect(medium).toBeLessThan(long!);
  });

  it("goes to the OpenAI-compatible server with every request, longer for a longer text", async () => {
    server.mistral.setMode("error");
    const [short, medium, long] = await budgets(server.writer);
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(medium!);
    expect(medium).toBeLessThan(long!);
  });
});

describe("the character cap", () => {
  it("cuts a writer's text at eight characters a token of its budget, finished and kept", async () => {
    const { client } = await signUp(server.url, true);
    const body = { ...request, content: "A text of nested quotes", length: "short" };
    const response = await client.post("/api/email/generate", body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, modelUsed: "mistral-ai", credits: 900 });
    const budget = server.mistral.requests.at(-1)!.body.max_tokens!;
    expect(response.body.content).toBe(">".repeat(budget * 8));
    expect((await history(client))[0]!.generatedContent).toHaveLength(budget * 8);
  });
});
