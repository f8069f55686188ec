import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 43, item 6: GET /api/email/trial gives a guest's own texts with their versions, so
 * that the result panel shows them again after a reload; nobody else's.
 */
const server = useServer({
  env: { TRUSTED_PROXY: "1" },
  writer: {
    model: "writer",
    text: (body) => `# Text\n\n${body.messages.at(-1)!.content.length} characters in.`,
  },
});

const request = {
  content: "Ask the landlord to repair the heating by Friday",
  language: "english",
  contentType: "email",
};

describe("GET /api/email/trial", () => {
  it("gives a guest's texts newest first, each with its refinements", async () => {
    const guest = new ApiClient(server.url);
    const first = await guest.post("/api/email/generate", request);
    const second = await guest.post("/api/email/generate", { ...request, variant: 2 });
    const shorter = await guest.post("/api/email/generate", {
      ...request,
      refine: { parentId: second.body.generationId, action: "shorter" },
    });
    expect(shorter.body).toMatchObject({ success: true, refinement: "shorter" });

    const answer = await guest.get("/api/email/trial");
    expect(answer.status).toBe(200);
    const texts = answer.body.generations as { id: string; refinements: unknown[] }[];
    expect(texts.map((text) => text.id)).toEqual([
      second.body.generationId,
      first.body.generationId,
    ]);
    expect(texts[0]).toMatchObject({
      generatedContent: second.body.content,
      variant: 2,
      refinements: [
        expect.objectContaining({
          id: shorter.body.generationId,
          parentId: second.body.generationId,
          refinement: "shorter",
          generatedContent: shorter.body.content,
        }),
      ],
    });
    expect(texts[1]!.refinements).toEqual([]);
  });

  it("gives another guest, a browser without a guest and a signed-in user none of them", async () => {
    const guest = new ApiClient(server.url);
    await guest.post("/api/email/generate", request);
    expect((await guest.get("/api/email/trial")).body.generations).toHaveLength(1);

    const other = new ApiClient(server.url);
    expect((await other.get("/api/email/trial")).body).toEqual({ success: true, generations: [] });
    await other.post("/api/email/generate", request);
    expect((await other.get("/api/email/trial")).body.generations).toHaveLength(1);
    expect((await guest.get("/api/email/trial")).body.generations).toHaveLength(1);

    // Registering from the guest's browser takes the trial texts into the account.
    const password = "violet-harbor-42";
    const registered = await guest.post("/api/auth/register", {
      email: `trial-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password,
      confirmPassword: password,
    });
    expect(registered.status).toBe(201);
    expect((await guest.get("/api/email/trial")).body).toEqual({ success: true, generations: [] });
    expect((await guest.get("/api/email/my")).body.total).toBe(1);
  });

  it("refuses a write with a clear 4xx, never a 500", async () => {
    const guest = new ApiClient(server.url);
    const response = await guest.post("/api/email/trial", {});
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});
