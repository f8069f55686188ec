import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { expectTemplateDraft, postGenerate } from "../support/generate.ts";
import { useServer } from "../support/use-server.ts";
import { readSse } from "../support/sse.ts";

/**
 * Issue 9, item 5: with no AI writer, texts are template drafts: free (no reservation, no
 * ledger row, not one of a guest's texts), labelled, and saying why.
 */
const request = {
  content: "Write an email to my landlord about the broken heating. It has been 5 days.",
  language: "english",
  contentType: "email",
};

// No API key, no OpenAI-compatible server, LOCAL_MODEL off (the default in tests).
const server = useServer({ env: { TRUSTED_PROXY: "1" } });

describe("with no AI writer", () => {
  it("the engines status says texts are template drafts because no AI writer is configured", async () => {
    const status = await (await fetch(`${server.url}/api/email/engines`)).json();
    expect(status).toMatchObject({
      writer: "template",
      templateReason: "no-ai-writer",
      ready: [],
      local: { state: "off" },
    });
  });

  it("a guest gets more than the trial's three texts, and the trial is untouched", async () => {
    const guest = new ApiClient(server.url);
    for (let i = 0; i < 4; i++) {
      const response = await guest.post("/api/email/generate", request);
      expectTemplateDraft(response, "no-ai-writer", 300);
    }
    const status = await guest.get("/api/credits/status");
    expect(status.body).toMatchObject({ isGuest: true, credits: 300, hasCredits: true });
  });

  it("an account's draft is free, has no ledger row, and is kept in the history", async () => {
    const { client } = await signUp(server.url, true);
    const response = await client.post("/api/email/generate", request);
    expect(response.body).toMatchObject({ modelUsed: "local", credits: 1000 });
    // A scaffold: the request quoted once as the brief, then the email's structure.
    expect(response.body.content).toMatch(
      /^\[Brief: “Write an email to my landlord about the broken heating\. It has been 5 days\.”\]\n\nSubject: /u,
    );
    expect(response.body.content.split("broken heating")).toHaveLength(2);
    const activity = (await client.get("/api/credits/activity")).body.entries;
    expect(activity.map((e: { reason: string }) => e.reason)).not.toContain("generation");
    const history = (await client.get("/api/email/my")).body.generations;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      modelUsed: "local",
      generatedContent: response.body.content,
    });
  });

  it("streams the draft with its reason in the done event", async () => {
    const { client } = await signUp(server.url, false);
    const response = await postGenerate(server.url, client, request);
    const events = await readSse(response);
    expect(events.map((e) => e.event)).toEqual(["start", "delta", "done"]);
    expect(events[2]).toMatchObject({
      data: { modelUsed: "local", templateReason: "no-ai-writer", credits: 300 },
    });
  });
});
