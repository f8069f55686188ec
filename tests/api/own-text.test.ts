import { describe, expect, it } from "vitest";
import { countCharacters, passageChangeCost } from "#shared/credits.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import type { ChatRequest } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { balanceOf } from "../support/generate.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 26, item 1 ("Start from my text") and item 5's rules: a person's own text is kept
 * as a free, finished first version (`modelUsed: "own"`) that the history (or a guest's
 * trial list) shows and every change works on; too long, blank or too big is refused with a
 * clear answer, and nothing is cut.
 */

const PASSAGE = "The heating is broken since Monday.";
const NEW_PASSAGE = "Our heating has not worked since Monday, and the flat is very cold.";
const OWN = `Dear Ms Ünal,\n\n${PASSAGE} Please fix it by Friday.\n\nBest, Ana`;

/** A text of exactly `length` characters: words and paragraphs, as a person's would be. */
function textOf(length: number): string {
  const words = "The heating in the flat has been broken since Monday, and it is cold. ";
  const paragraph = `${words.repeat(5).trim()}\n\n`;
  return paragraph.repeat(Math.ceil(length / paragraph.length)).slice(0, length - 1) + ".";
}

/** What the fake writer was last asked. */
let lastAsked: ChatRequest["body"] | null = null;

const server = useServer({
  writer: {
    text: (body) => {
      lastAsked = body;
      const data = JSON.parse(body.messages.at(-1)!.content) as Record<string, string>;
      return "before" in data ? NEW_PASSAGE : "A shorter text.";
    },
    model: "fake-model",
  },
  env: () => ({ TRUSTED_PROXY: "1" }),
});

const keep = (client: ApiClient, text: string, extra: Record<string, unknown> = {}) =>
  client.post("/api/email/own", { text, language: "english", ...extra });

describe("POST /api/email/own", () => {
  it("keeps an account's 6,000 characters as a free first version in its history", async () => {
    const { client } = await signUp(server.url, true);
    const before = await balanceOf(client);
    const text = textOf(MAX_OWN_TEXT_CHARS);
    expect(text).toHaveLength(6000);
    const kept = await keep(client, text);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({
      success: true,
      created: true,
      item: {
        id: kept.body.generationId,
        generatedContent: text,
        modelUsed: "own",
        contentType: "article",
        language: "english",
        tone: "standard",
        length: "long",
        parentId: null,
        refinement: null,
        subject: expect.any(String),
      },
    });
    expect(await balanceOf(client)).toBe(before);
    const history = await client.get("/api/email/my");
    expect(history.body.total).toBe(1);
    expect(history.body.generations[0]).toMatchObject({
      id: kept.body.generationId,
      modelUsed: "own",
      generatedContent: text,
    });
  });

  it("answers the same text again with the kept version and stores nothing", async () => {
    const { client } = await signUp(server.url, true);
    const [first, second] = await Promise.all([keep(client, OWN), keep(client, OWN)]);
    expect([first.body.created, second.body.created].sort()).toEqual([false, true]);
    expect(second.body.generationId).toBe(first.body.generationId);
    expect((await client.get("/api/email/my")).body.total).toBe(1);
  });

  it("keeps a guest's text in its trial list without using the trial", async () => {
    const guest = new ApiClient(server.url);
    const kept = await keep(guest, textOf(MAX_OWN_TEXT_CHARS), { contentType: "email" });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect([...guest.cookies.keys()]).toContain("guest_id");
    const trial = await guest.get("/api/email/trial");
    expect(trial.body.generations).toHaveLength(1);
    expect(trial.body.generations[0]).toMatchObject({
      id: kept.body.generationId,
      modelUsed: "own",
      contentType: "email",
    });
    const status = await guest.get("/api/credits/status");
    expect(status.body).toMatchObject({ credits: 300, trialLeftOnNetwork: 10 });
  });

  it("keeps a new guest's text where the network's trial is used up: it is free", async () => {
    const address = "203.0.113.77";
    const ask = { content: "A note to my landlord", language: "english", contentType: "email" };
    // Ten trial texts a day on one network: each guest has three texts' credits.
    for (let written = 0; written < 10;) {
      const guest = new ApiClient(server.url, address);
      for (let i = 0; i < 3 && written < 10; i++, written++) {
        const text = await guest.post("/api/email/generate", ask);
        expect(text.status, JSON.stringify(text.body)).toBe(200);
      }
    }
    const newcomer = new ApiClient(server.url, address);
    expect((await newcomer.post("/api/email/generate", ask)).status).toBe(402);
    const kept = await keep(newcomer, OWN);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body).toMatchObject({ created: true, item: { modelUsed: "own" } });
  });

  it("refuses 6,001 characters with the count, and keeps nothing", async () => {
    const { client } = await signUp(server.url, true);
    const refused = await keep(client, textOf(MAX_OWN_TEXT_CHARS + 1));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "VALIDATION_ERROR",
      reason: "ownTextTooLong",
      characters: 6001,
      limit: 6000,
      message: "Your text has 6,001 characters; the most is 6,000 (about 1,000 words).",
      fieldErrors: {
        text: ["Your text has 6,001 characters; the most is 6,000 (about 1,000 words)."],
      },
    });
    expect((await client.get("/api/email/my")).body.total).toBe(0);
  });

  it("refuses an empty text and one of only whitespace", async () => {
    const { client } = await signUp(server.url, true);
    for (const text of ["", "  \n\t \n "]) {
      const refused = await keep(client, text);
      expect(refused.status, JSON.stringify(text)).toBe(400);
      expect(refused.body).toMatchObject({
        reason: "ownTextEmpty",
        fieldReasons: { text: ["ownTextEmpty"] },
      });
    }
    expect((await client.get("/api/email/my")).body.total).toBe(0);
  });

  it("reads a 6,000-character text past 16 KiB whole, and refuses a body past 64 KiB with 413", async () => {
    const { client } = await signUp(server.url, true);
    // Three bytes a character in UTF-8: 18,000 bytes.
    const wide = "文字".repeat(MAX_OWN_TEXT_CHARS / 2);
    expect((await keep(client, wide)).status).toBe(200);
    const big = await keep(client, "x".repeat(65 * 1024));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("changing your own text", () => {
  it("prices a passage change on it by the passage rule", async () => {
    const { client } = await signUp(server.url, true);
    const parentId = (await keep(client, OWN)).body.generationId as string;
    const start = OWN.indexOf(PASSAGE);
    const changed = await client.post("/api/email/generate", {
      content: "",
      language: "english",
      contentType: "article",
      refine: { parentId, action: "rephrase", passage: { start, end: start + PASSAGE.length } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const charged = passageChangeCost(
      countCharacters(NEW_PASSAGE),
      countCharacters(PASSAGE),
      countCharacters(OWN),
    );
    expect(changed.body).toMatchObject({
      parentId,
      refinement: "rephrase",
      charged,
      credits: 1000 - charged,
      content: OWN.replace(PASSAGE, NEW_PASSAGE),
    });
  });

  it("gives a whole-text change of 6,000 characters the long length's token budget", async () => {
    const { client } = await signUp(server.url, true);
    const parentId = (await keep(client, textOf(MAX_OWN_TEXT_CHARS))).body.generationId as string;
    const changed = await client.post("/api/email/generate", {
      content: "",
      language: "english",
      contentType: "article",
      refine: { parentId, action: "formal" },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(lastAsked?.max_tokens).toBe(2000);
  });

  it("keeps an edit of it as a free version", async () => {
    const { client } = await signUp(server.url, true);
    const parentId = (await keep(client, OWN)).body.generationId as string;
    const edited = await client.post("/api/email/edit", { parentId, text: `${OWN}\n\nP.S.` });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.created).toBe(true);
    expect(await balanceOf(client)).toBe(1000);
  });

  it("answers another user's version with 404, for a change and for its text", async () => {
    const { client: owner } = await signUp(server.url, true);
    const parentId = (await keep(owner, OWN)).body.generationId as string;
    const { client: other } = await signUp(server.url, true);
    const refined = await other.post("/api/email/generate", {
      content: "",
      language: "english",
      contentType: "article",
      refine: { parentId, action: "shorter" },
    });
    expect(refined.status).toBe(404);
    expect((await other.get(`/api/email/text/${parentId}`)).status).toBe(404);
    expect((await new ApiClient(server.url).get(`/api/email/text/${parentId}`)).status).toBe(404);
    expect((await owner.get(`/api/email/text/${parentId}`)).body.generatedContent).toBe(OWN);
  });
});
