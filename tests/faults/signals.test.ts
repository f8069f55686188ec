import { afterEach, describe, expect, it } from "vitest";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, startServer, type RunningServer, type Storage } from "../support/server.ts";
import { readSse } from "../support/sse.ts";

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
    const storage = await createStorage();
    const server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
    await track(storage, server);

    const streams = Array.from({ length: 20 }, (_, i) =>
      fetch(`${server.url}/api/email/generate`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          "x-forwarded-for": `2001:db8:7e::${i + 1}`,
        },
        body: JSON.stringify(request),
      }).then((response) => readSse(response)),
    );
    const pages = Array.from({ length: 50 }, () =>
      fetch(`${server.url}/about`).then((r) => r.status),
    );
    await new Promise((done) => setTimeout(done, 150));
    const exited = new Promise<number | null>((resolve) => server.process.once("close", resolve));
    server.process.kill("SIGTERM");

    const finished = await Promise.all(streams);
    for (const events of finished) {
      expect(events.at(-1)?.event).toBe("done");
      expect(events.filter((e) => e.event === "delta").length).toBeGreaterThan(5);
    }
    expect(new Set(await Promise.all(pages))).toEqual(new Set([200]));
    expect(await exited).toBe(0);
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
      PROVIDER_TIMEOUT_MS: "120000",
      RESERVATION_TIMEOUT_MS: "1000",
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
    for (let i = 0; i < 50 && mistral.requests.length < 5; i++)
      await new Promise((done) => setTimeout(done, 100));
    expect(mistral.requests.length).toBe(5);
    expect((await client.get("/api/credits/status")).body.credits).toBe(500);

    first.process.kill("SIGKILL");
    await Promise.all(stranded);
    const second = await startServer(storage, { env });
    cleanups.push(() => second.stop());

    const again = new ApiClient(second.url);
    let credits = 0;
    for (let i = 0; i < 100 && credits !== 1000; i++) {
      await new Promise((done) => setTimeout(done, 200));
      credits = (await again.get("/api/credits/status", { bearer: token })).body.credits;
    }
    expect(credits).toBe(1000);
    const entries = (await again.get("/api/credits/activity?pageSize=100", { bearer: token })).body
      .entries as { reason: string; delta: number }[];
    expect(entries.filter((e) => e.reason === "refund")).toHaveLength(5);
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(1000);
  });
});
