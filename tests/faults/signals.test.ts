import { afterEach, describe, expect, it } from "vitest";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, startServer, type RunningServer, type Storage } from "../support/server.ts";
import { waitFor } from "../support/wait.ts";

const request = {
  content: "An essay about rivers. Trade. Floods. Bridges. Cities. Ports.",
  language: "english",
  contentType: "essay",
  length: "long",
};
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

async function track(storage: Storage, server?: RunningServer) {
  cleanups.push(() => storage.cleanup());
  if (server) cleanups.push(() => server.stop());
}

describe("SIGTERM under load", () => {
  it("lets every request in flight, streams included, finish; no connection is reset", async () => {
    // A writer that thinks for a second, then streams 30 words: every stream is still
    // running when the signal comes.
    const writer = await startChatFake({
      text: Array.from({ length: 30 }, (_, i) => `word${i}`).join(" "),
      model: "m",
      wordDelayMs: 20,
    });
    writer.setMode("slow-start", 1_000);
    cleanups.push(() => writer.close());
    const storage = await createStorage();
    const server = await startServer(storage, {
      env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_BASE_URL: `${writer.url}/v1` },
    });
    await track(storage, server);

    // Twenty streams, each provably in flight: its `start` event has arrived.
    const decoder = new TextDecoder();
    const streams = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const response = await fetch(`${server.url}/api/email/generate`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "text/event-stream",
            "x-forwarded-for": `2001:db8:7e:${(i + 1).toString(16)}::1`,
          },
          body: JSON.stringify(request),
        });
        const reader = response.body!.getReader();
        let text = "";
        while (!text.includes("event: start"))
          text += decoder.decode((await reader.read()).value, { stream: true });
        return { reader, text };
      }),
    );
    // Keep-alive connections that are idle when the signal comes.
    for (let i = 0; i < 10; i++) expect((await fetch(`${server.url}/about`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => server.process.once("close", resolve));
    server.process.kill("SIGTERM");

    for (const stream of streams) {
      for (;;) {
        const { done, value } = await stream.reader.read();
        if (done) break;
        stream.text += decoder.decode(value, { stream: true });
      }
      const events = [...stream.text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
      expect(events.at(-1)).toBe("done");
      expect(events.filter((e) => e === "delta").length).toBeGreaterThan(5);
    }
    expect(await exited).toBe(0);
    // New connections are refused once it has stopped.
    await expect(fetch(`${server.url}/about`)).rejects.toThrow();
  });
});

describe("SIGKILL during generations", () => {
  it("refunds every stranded reservation after the restart", async () => {
    const mistral = await startChatFake({ text: "never sent", model: "mistral-small-latest" });
    cleanups.push(() => mistral.close());
    mistral.setMode("hang");
    const storage = await createStorage();
    await track(storage);
    const env = {
      TRUSTED_PROXY: "1",
      MISTRAL_API_KEY: "k",
      MISTRAL_SERVER_URL: mistral.url,
      GENERATION_PROVIDERS: "mistral-ai",
      // Long enough that the hanging provider is still waited for at the kill; the lease,
      // at least 1.5 times that (config refuses less), lapses soon after the restart.
      PROVIDER_TIMEOUT_MS: "5000",
      RESERVATION_TIMEOUT_MS: "10000",
      // Five of one account's texts at once: past the default bound on texts in flight.
      TEXTS_IN_FLIGHT_PER_OWNER: "5",
    };
    const first = await startServer(storage, { env });
    const { client, token } = await signUp(first.url, true);

    const stranded = Array.from({ length: 5 }, () =>
      client
        .post("/api/email/generate", {
          content: "A letter",
          language: "english",
          contentType: "letter",
        })
        .catch(() => null),
    );
    await waitFor("five requests at the provider", () => mistral.requests.length === 5);
    expect((await client.get("/api/credits/status")).body.credits).toBe(500);

    first.process.kill("SIGKILL");
    await Promise.all(stranded);
    const second = await startServer(storage, { env });
    cleanups.push(() => second.stop());

    const again = new ApiClient(second.url);
    await waitFor(
      "the refunds after the leases lapse",
      async () => (await again.get("/api/credits/status", { bearer: token })).body.credits,
      { done: (credits) => credits === 1000, timeoutMs: 40_000, intervalMs: 250 },
    );
    const entries = (await again.get("/api/credits/activity?pageSize=100", { bearer: token })).body
      .entries as { reason: string; delta: number }[];
    expect(entries.filter((e) => e.reason === "refund")).toHaveLength(5);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(1000);
  });
});
