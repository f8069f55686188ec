import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client.ts";
import { createStorage, startServer } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

const run = promisify(execFile);
const TOKEN = "moderation-token-for-tests-0001";
const valid = {
  name: "Grace Hopper",
  profession: "Engineer",
  content: "It wrote my conference abstract in a minute.",
  rating: 5,
};
const REQUIRED = "Please provide your name, feedback content, and rating.";

const server = useServer({ env: { TRUSTED_PROXY: "1", MODERATION_TOKEN: TOKEN } });

const visitor = () => new ApiClient(server.url);
const moderator = (token = TOKEN) => ({ headers: { authorization: `Bearer ${token}` } });

function moderate(...args: string[]) {
  return run(process.execPath, ["scripts/moderate.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", MODERATION_URL: server.url, MODERATION_TOKEN: TOKEN },
  });
}

/** The application's rating in a page's structured data; undefined when it has none. */
async function ratingOn(path: string): Promise<Record<string, unknown> | undefined> {
  const html = (await visitor().get(path)).body as string;
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
  const data = JSON.parse(json) as Record<string, unknown> | Record<string, unknown>[];
  const items = Array.isArray(data) ? data : [data];
  const app = items.find((item) => item["@type"] === "SoftwareApplication")!;
  return app.aggregateRating as Record<string, unknown> | undefined;
}

// First in this file: the rating counts every approval its server has seen.
describe("the rating in the pages' structured data (decision 095)", () => {
  it("is left out with no approved testimonial, then is their count and mean", async () => {
    expect(await ratingOn("/")).toBeUndefined();
    expect(await ratingOn("/write/cold-outreach-email")).toBeUndefined();
    const home = await visitor().get("/");
    expect(home.body).toContain("out of 5 from 87 ratings");

    for (const rating of [4, 5, 1]) {
      const sent = await visitor().post("/api/testimonial/submit", {
        ...valid,
        name: `Rater ${rating}`,
        rating,
      });
      expect(sent.status).toBe(201);
    }
    const pending = (await visitor().get("/api/moderation/testimonials", moderator())).body
      .testimonials as { id: string; name: string }[];
    const idOf = (name: string) => pending.find((t) => t.name === name)!.id;
    for (const [name, action] of [
      ["Rater 4", "approve"],
      ["Rater 5", "approve"],
      ["Rater 1", "reject"],
    ] as const) {
      const answer = await visitor().post(
        `/api/moderation/testimonials/${idOf(name)}`,
        { action },
        moderator(),
      );
      expect(answer.status).toBe(200);
    }

    // The view after an approval starts a reading and is answered at once; a later one has it.
    const expected = { ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 };
    await waitFor("the home page's rating", () => ratingOn("/"), {
      done: (rating) => rating?.ratingCount === 2,
    });
    expect(await ratingOn("/")).toEqual({ "@type": "AggregateRating", ...expected });
    expect(await ratingOn("/write/cold-outreach-email")).toMatchObject(expected);
    // The advertised line stays the copy's.
    expect((await visitor().get("/")).body).toContain("out of 5 from 87 ratings");
    const rated = await visitor().get("/");
    expect(rated.headers.get("etag")).not.toBe(home.headers.get("etag"));
  });
});

describe("POST /api/testimonial/submit", () => {
  it.each([
    [{ content: valid.content, rating: 5 }, REQUIRED],
    [{ ...valid, name: "   " }, REQUIRED],
    [{ name: valid.name, rating: 4 }, REQUIRED],
    [{ name: valid.name, content: valid.content }, REQUIRED],
    [{ ...valid, name: "A" }, "Name must be at least 2 characters"],
    [{ ...valid, name: "A".repeat(81) }, "Name must be at most 80 characters"],
    [{ ...valid, profession: "P".repeat(81) }, "Profession must be at most 80 characters"],
    [{ ...valid, content: "Too short" }, "Feedback must be at least 10 characters"],
    [{ ...valid, content: "x".repeat(1001) }, "Feedback must be at most 1000 characters"],
    [{ ...valid, rating: 0 }, "Rating must be from 1 to 5"],
    [{ ...valid, rating: 6 }, "Rating must be from 1 to 5"],
    [{ ...valid, rating: 2.5 }, "Rating must be a whole number from 1 to 5"],
    [{ ...valid, rating: "5" }, REQUIRED],
  ])("refuses %j with its message", async (body, message) => {
    const response = await visitor().post("/api/testimonial/submit", body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: "VALIDATION_ERROR", message });
  });

  it("stores a submission as pending: not shown until a moderator approves it", async () => {
    const response = await visitor().post("/api/testimonial/submit", {
      ...valid,
      name: "Pending Person",
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/^Thank you for your feedback!/);
    const shown = await visitor().get("/api/testimonials");
    expect(shown.body.testimonials.map((t: { name: string }) => t.name)).not.toContain(
      "Pending Person",
    );
  });

  it("limits submissions per address", async () => {
    const sameAddress = visitor();
    for (let i = 0; i < 3; i++)
      expect((await sameAddress.post("/api/testimonial/submit", valid)).status).toBe(201);
    const limited = await sameAddress.post("/api/testimonial/submit", valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await visitor().post("/api/testimonial/submit", valid)).status).toBe(201);
  });
});

describe("moderation", () => {
  it("answers only to the moderation token", async () => {
    expect((await visitor().get("/api/moderation/testimonials")).status).toBe(401);
    expect(
      (await visitor().get("/api/moderation/testimonials", moderator("wrong-token-wrong-token")))
        .status,
    ).toBe(401);
    expect((await visitor().get("/api/moderation/testimonials", moderator())).status).toBe(200);
  });

  it("keeps markup and script inert, from submission to the listing and the home page's data", async () => {
    const hostile = {
      name: "Mallory <img src=x onerror=alert(1)>",
      profession: "\u001b[31mRed\u001b[0m team",
      content: "<script>alert('owned')</script> Great tool, <b>really</b>!",
      rating: 4,
    };
    expect((await visitor().post("/api/testimonial/submit", hostile)).status).toBe(201);

    const { stdout } = await moderate("list");
    expect(stdout).toContain("<script>alert('owned')</script> Great tool");
    expect(stdout).not.toContain("\u001b");
    const listed = (await visitor().get("/api/moderation/testimonials", moderator())).body
      .testimonials as { id: string; name: string }[];
    const mallory = listed.find((t) => t.name.startsWith("Mallory"))!;
    expect(stdout).toContain(mallory.id);

    const approved = await moderate("approve", mallory.id);
    expect(approved.stdout.trim()).toBe("Approved.");
    await expect(moderate("approve", mallory.id)).rejects.toMatchObject({ code: 1 });

    const shown = await visitor().get("/api/testimonials");
    expect(shown.headers.get("content-type")).toMatch(/^application\/json/);
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    const entry = shown.body.testimonials.find((t: { id: string }) => t.id === mallory.id);
    expect(entry).toMatchObject({ name: hostile.name, content: hostile.content, rating: 4 });
  });

  it("rejects a submission, which then never shows", async () => {
    await visitor().post("/api/testimonial/submit", { ...valid, name: "Rejected Person" });
    const pending = (await visitor().get("/api/moderation/testimonials", moderator())).body
      .testimonials as { id: string; name: string }[];
    const target = pending.find((t) => t.name === "Rejected Person")!;
    expect((await moderate("reject", target.id)).stdout.trim()).toBe("Rejected.");
    const shown = await visitor().get("/api/testimonials");
    expect(shown.body.testimonials.map((t: { name: string }) => t.name)).not.toContain(
      "Rejected Person",
    );
  });
});

describe("without MODERATION_TOKEN", () => {
  it("has no moderation API at all", async () => {
    const own = await createStorage();
    const plain = await startServer(own);
    try {
      const response = await new ApiClient(plain.url).get(
        "/api/moderation/testimonials",
        moderator(),
      );
      expect(response.status).toBe(404);
    } finally {
      await plain.stop();
      await own.cleanup();
    }
  });
});
