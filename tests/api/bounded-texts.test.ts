import { describe, expect, it } from "vitest";
import { ApiClient, signUp, type ApiResponse } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 24: what one visitor can store and fetch is bounded. Long edits save from the
 * browser; an edit is stored once per content, up to a ceiling per text and, for guests, a
 * day's bytes per network; a list answer carries at most 256 KiB of text, the rest read
 * one version at a time; and reads past a reader's byte budget wait.
 */
const server = useServer({
  env: { TRUSTED_PROXY: "1" },
  writer: { model: "writer", text: () => "# Text\n\nA short text to edit." },
});

const request = {
  content: "Ask the landlord to repair the heating by Friday",
  language: "english",
  contentType: "email",
};

/** A text of `chars` characters that no other call of it repeats. */
let made = 0;
function longText(chars: number, letters = "abcdefghij"): string {
  const head = `Version ${++made}. `;
  return head + letters.repeat(Math.ceil(chars / letters.length)).slice(0, chars - head.length);
}

async function firstText(client: ApiClient): Promise<string> {
  const written = await client.post("/api/email/generate", request);
  expect(written.status).toBe(200);
  return written.body.generationId as string;
}

const KIB = 1024;

describe("saving an edit", () => {
  it("saves a 60,000-character Cyrillic text sent with its declared length, as a browser sends it", async () => {
    const guest = new ApiClient(server.url);
    const parentId = await firstText(guest);
    const text = longText(60_000, "привет мир ");
    const saved = await guest.post("/api/email/edit", { parentId, text });
    expect(saved.status).toBe(200);
    const read = await guest.get(`/api/email/text/${saved.body.generationId}`);
    expect(read.body.generatedContent).toBe(text);
  });

  it("stores an unchanged or repeated save once, answering with the version that holds it", async () => {
    const { client } = await signUp(server.url, true);
    const parentId = await firstText(client);
    const parent = await client.get(`/api/email/text/${parentId}`);
    const unchanged = await client.post("/api/email/edit", {
      parentId,
      text: parent.body.generatedContent,
    });
    expect(unchanged.body).toMatchObject({ generationId: parentId, created: false });

    const text = "Dear landlord, please fix the heating.";
    const [one, two] = await Promise.all([
      client.post("/api/email/edit", { parentId, text }),
      client.post("/api/email/edit", { parentId, text }),
    ]);
    expect(one.body.generationId).toBe(two.body.generationId);
    expect([one.body.created, two.body.created].sort()).toEqual([false, true]);
    const [item] = (await client.get("/api/email/my")).body.generations;
    expect(item.refinements).toHaveLength(1);
  });

  it("keeps at most 50 edits of one text, and says so", async () => {
    const { client } = await signUp(server.url, true);
    const parentId = await firstText(client);
    for (let i = 1; i <= 50; i++) {
      const saved = await client.post("/api/email/edit", { parentId, text: `Edit ${i}` });
      expect(saved.status, `edit ${i}`).toBe(200);
    }
    const past = await client.post("/api/email/edit", { parentId, text: "Edit 51" });
    expect(past.status).toBe(400);
    expect(past.body.reason).toBe("editsPerTextFull");
    const [item] = (await client.get("/api/email/my")).body.generations;
    expect(item.refinements).toHaveLength(50);
  });

  it("stores at most 2 MiB of guests' texts a day from one network, answering 429 past it", async () => {
    const guest = new ApiClient(server.url);
    const parentId = await firstText(guest);
    const sizes: number[] = [];
    let refused: ApiResponse | null = null;
    while (!refused && sizes.length < 40) {
      const saved = await guest.post("/api/email/edit", { parentId, text: longText(60_000) });
      if (saved.status === 200) sizes.push(60_000);
      else refused = saved;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.reason).toBe("editsGuestNetworkFull");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    const stored = sizes.reduce((sum, size) => sum + size, 0);
    expect(stored).toBeLessThanOrEqual(2 * KIB * KIB);
    expect(stored).toBeGreaterThan(2 * KIB * KIB - 2 * 60_000);
    // A guest of another network is not held up by it.
    const other = new ApiClient(server.url);
    const otherText = await firstText(other);
    expect(
      (await other.post("/api/email/edit", { parentId: otherText, text: longText(60_000) })).status,
    ).toBe(200);
  });
});

describe("reading texts back", () => {
  it("carries at most 256 KiB of text in a list, and each left-out version reads on its own", async () => {
    const guest = new ApiClient(server.url);
    const parentId = await firstText(guest);
    const edits: Record<string, string> = {};
    for (let i = 0; i < 8; i++) {
      const text = longText(60_000);
      const saved = await guest.post("/api/email/edit", { parentId, text });
      edits[saved.body.generationId] = text;
    }
    const answer = await guest.get("/api/email/trial");
    expect(answer.status).toBe(200);
    const versions = answer.body.generations[0].refinements as {
      id: string;
      generatedContent: string | null;
      preview: string;
    }[];
    expect(versions).toHaveLength(8);
    const carried = versions.filter((v) => v.generatedContent !== null);
    const text = carried.reduce((sum, v) => sum + v.generatedContent!.length, 0);
    expect(text).toBeLessThanOrEqual(256 * KIB);
    expect(carried.length).toBeGreaterThan(0);
    const left = versions.filter((v) => v.generatedContent === null);
    expect(left.length).toBeGreaterThan(0);
    for (const version of versions)
      expect(edits[version.id]!.startsWith(version.preview)).toBe(true);
    for (const version of left) {
      const read = await guest.get(`/api/email/text/${version.id}`);
      expect(read.body.generatedContent).toBe(edits[version.id]);
    }
    // Nobody else's: another guest, a signed-in user and a made-up id read nothing.
    const stranger = new ApiClient(server.url);
    await firstText(stranger);
    expect((await stranger.get(`/api/email/text/${left[0]!.id}`)).status).toBe(404);
    const { client } = await signUp(server.url, true);
    expect((await client.get(`/api/email/text/${left[0]!.id}`)).status).toBe(404);
    expect((await guest.get("/api/email/text/not-an-id")).status).toBe(404);
  });

  it("answers 429 with Retry-After once a reader has been sent its minute's bytes, and not to others", async () => {
    const guest = new ApiClient(server.url);
    const parentId = await firstText(guest);
    for (let i = 0; i < 5; i++) {
      await guest.post("/api/email/edit", { parentId, text: longText(60_000) });
    }
    // Each read sends about 256 KiB; a reader may be sent 2 MiB a minute.
    let refused: ApiResponse | null = null;
    let served = 0;
    while (!refused && served < 30) {
      const read = await guest.get("/api/email/trial");
      if (read.status === 200) served++;
      else refused = read;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.code).toBe("RATE_LIMITED");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(served).toBeGreaterThanOrEqual(4);
    const other = new ApiClient(server.url);
    await firstText(other);
    expect((await other.get("/api/email/trial")).status).toBe(200);
  });
});
