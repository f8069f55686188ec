import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readServerSentEvents } from "#shared/sse.ts";
import { signUp } from "../support/client.ts";
import { postGenerate } from "../support/generate.ts";
import { localWriterReady, useScratchDir, useServer } from "../support/use-server.ts";
import { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } from "../support/shaped-gguf.ts";
import { MODEL_TEST_TIMEOUT_MS } from "../support/wait.ts";

/**
 * Issue 7, item 8: a running generation renews its lease, so the reconciler never refunds
 * it however long it runs; only a crashed process's reservations lapse (SIGKILL: see
 * signals.test.ts). Before leases, a generation older than RESERVATION_TIMEOUT_MS was
 * refunded while it ran, and its text then given away for free.
 */
// The default's architecture at toy size: its context holds the longest prompt (a tool's
// 6,000 characters, issue 26), which the 4,096 tokens of writeTinyGguf's model do not.
const modelDir = useScratchDir("lease-model-", (dir) =>
  writeShapedGguf(join(dir, "tiny-test.gguf"), tinyShape(CATALOGUE_SHAPES["qwen2.5-0.5b"]!)),
);
// Mistral and the OpenAI-compatible server both hang to their 2 s timeout before the
// local model writes: over 4 s, against a 3 s reservation that the reconciler (every
// second) would refund at once if the generation did not renew its lease.
const server = useServer({
  writer: { text: "never sent", model: "mistral-small-latest" },
  beforeStart: (started) => started.writer.setMode("hang"),
  env: (started) => ({
    TRUSTED_PROXY: "1",
    MISTRAL_API_KEY: "k",
    MISTRAL_SERVER_URL: started.writer.url,
    LOCAL_MODEL: join(modelDir.path, "tiny-test.gguf"),
    LOCAL_MODEL_THREADS: "1",
    PROVIDER_TIMEOUT_MS: "2000",
    RESERVATION_TIMEOUT_MS: "3000",
  }),
  ready: (started) => localWriterReady(started, MODEL_TEST_TIMEOUT_MS),
});

describe("a generation that outlives RESERVATION_TIMEOUT_MS", () => {
  it("is neither refunded nor given away: its text arrives, charged once", async () => {
    const { client } = await signUp(server.url, true);
    const started = Date.now();
    const response = await postGenerate(server.url, client, {
      content: "A long letter",
      language: "english",
      contentType: "letter",
      length: "short",
    });
    const events: { event?: string; data: string }[] = [];
    for await (const event of readServerSentEvents(response.body!)) events.push(event);
    const took = Date.now() - started;

    expect(took).toBeGreaterThan(3_000 + 1_000);
    expect(events.at(-1)?.event).toBe("done");
    expect(JSON.parse(events.at(-1)!.data)).toMatchObject({ modelUsed: "llama", credits: 900 });
    expect((await client.get("/api/credits/status")).body.credits).toBe(900);
    const entries = (await client.get("/api/credits/activity?pageSize=100")).body.entries as {
      reason: string;
      delta: number;
    }[];
    expect(entries.filter((e) => e.reason === "refund")).toEqual([]);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(900);
    const history = (await client.get("/api/email/my")).body.generations as unknown[];
    expect(history).toHaveLength(1);
  });
});
