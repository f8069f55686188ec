import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyEmailToken } from "#server/auth/accounts.ts";
import { createEmailToken } from "#server/auth/email-tokens.ts";
import { MINUTE_MS } from "#server/clock.ts";
import { countAdEvent } from "#server/ads/events.ts";
import { adFigures } from "#server/ads/figures.ts";
import { AD_SESSION_OPEN_MS, startAdSession } from "#server/credits/ads.ts";
import { adEvents } from "#server/db/schema.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";
import { newAccount } from "../support/accounts.ts";
import { signUp, type ApiClient } from "../support/client.ts";
import { useDatabase } from "../support/use-database.ts";
import { useServer } from "../support/use-server.ts";

/** Issue 27, item 5: the ad card's ads, and their impressions, completions and clicks. */

const HOUSE_ADS = readdirSync("src/content/ads")
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => name.replace(/\.ya?ml$/, ""));
const UUID = "00000000-0000-4000-8000-000000000000";

describe("through the API", () => {
  const server = useServer({ env: { TRUSTED_PROXY: "1", AD_WATCH_SECONDS: "1" } });

  async function openAd(client: ApiClient) {
    const session = await client.post("/api/credits/ad-session");
    expect(session.status).toBe(201);
    return session.body as {
      adSessionId: string;
      ad: { vastUrl: string | null; house: { id: string; media: { src: string } } | null };
    };
  }

  it("offers a house ad from src/content/ads/ with each ad session, and no VAST tag unset", async () => {
    const { client } = await signUp(server.url, true);
    const { ad } = await openAd(client);
    expect(ad.vastUrl).toBeNull();
    expect(HOUSE_ADS).toContain(ad.house!.id);
    const { src } = ad.house!.media;
    if (!src.startsWith("data:")) {
      const media = await fetch(new URL(src, server.url));
      expect(media.status).toBe(200);
      expect(media.headers.get("content-type")).toMatch(/^(image|video)\//);
    }
  });

  it("serves a house ad's video as a video, in the byte ranges Safari asks for", async () => {
    const built = readdirSync("dist/client/_astro").find((name) =>
      /^history\..*\.webm$/.test(name),
    );
    const whole = await fetch(`${server.url}/_astro/${built}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await fetch(`${server.url}/_astro/${built}`, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const past = await fetch(`${server.url}/_astro/${built}`, {
      headers: { range: `bytes=${size}-` },
    });
    expect(past.status).toBe(416);
  });

  it("refuses bad reports with a 4xx and says why", async () => {
    const { client } = await signUp(server.url, true);
    const { adSessionId } = await openAd(client);
    const house = { adSessionId, event: "impression", source: "house", adId: HOUSE_ADS[0] };
    const cases: [string, unknown, number, RegExp][] = [
      ["no session", { ...house, adSessionId: "42" }, 400, /valid ad session/],
      ["unknown event", { ...house, event: "hover" }, 400, /impression, completion or click/],
      ["unknown source", { ...house, source: "radio" }, 400, /house or vast/],
      ["no ad id", { ...house, adId: undefined }, 400, /id is required/],
      ["a path for an id", { ...house, adId: "../refine" }, 400, /file name/],
      ["a line break in a VAST id", { ...house, source: "vast", adId: "a\nb" }, 400, /printable/],
      [
        "a long VAST title",
        { ...house, source: "vast", adId: "x", title: "t".repeat(201) },
        400,
        /200/,
      ],
      ["an unknown house ad", { ...house, adId: "no-such-ad" }, 404, /no such house ad/],
      ["an unknown session", { ...house, adSessionId: UUID }, 404, /does not exist/],
    ];
    for (const [label, body, status, message] of cases) {
      const answer = await client.post("/api/credits/ad-event", body);
      expect(answer.status, label).toBe(status);
      expect(answer.body, label).toMatchObject({
        success: false,
        message: expect.stringMatching(message),
      });
    }

    const stranger = await signUp(server.url, true);
    const theirs = await stranger.client.post("/api/credits/ad-event", house);
    expect(theirs.status).toBe(404);
    const unverified = await signUp(server.url, false);
    expect((await unverified.client.post("/api/credits/ad-event", house)).status).toBe(404);
    const signedOut = await fetch(`${server.url}/api/credits/ad-event`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(house),
    });
    expect(signedOut.status).toBe(401);
  });

  it("counts each event of a session's ad once, and one ad per session", async () => {
    const { client } = await signUp(server.url, true);
    const { adSessionId, ad } = await openAd(client);
    const report = (event: string, adId = ad.house!.id) =>
      client.post("/api/credits/ad-event", { adSessionId, event, source: "house", adId });
    expect((await report("impression")).body).toEqual({ success: true, counted: true });
    expect((await report("impression")).body).toEqual({ success: true, counted: false });
    expect((await report("completion")).body.counted).toBe(true);
    expect((await report("click")).body.counted).toBe(true);
    expect((await report("click")).body.counted).toBe(false);

    const other = HOUSE_ADS.find((id) => id !== ad.house!.id)!;
    const mismatch = await report("click", other);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.code).toBe("AD_MISMATCH");
    const vast = await client.post("/api/credits/ad-event", {
      adSessionId,
      event: "impression",
      source: "vast",
      adId: "network-ad-7",
    });
    expect(vast.status).toBe(409);
  });
});

describe("the figures", () => {
  const T0 = new Date("2026-11-25T10:00:00Z");
  let serial = 0;

  const handle = useDatabase();

  async function adSession(at = T0): Promise<{ userId: string; adSessionId: string }> {
    serial += 1;
    const password = "violet-harbor-42";
    const user = await newAccount(
      handle.db,
      {
        email: `viewer-${serial}@example.com`,
        password,
        confirmPassword: password,
        name: undefined,
      },
      at,
    );
    await verifyEmailToken(
      handle.db,
      await createEmailToken(handle.db, user.id, "verify_email", at),
      at,
    );
    const { adSessionId } = await startAdSession(
      handle.db,
      { id: user.id, emailVerified: true },
      at,
      15,
    );
    return { userId: user.id, adSessionId };
  }

  const count = (
    session: { userId: string; adSessionId: string },
    event: "impression" | "completion" | "click",
    adId: string,
    adLabel = adId,
    now = T0,
  ) =>
    countAdEvent(
      handle.db,
      session.userId,
      { adSessionId: session.adSessionId, event, adId, adLabel },
      now,
    );

  it("are impressions, completions and clicks per ad, the most seen first", async () => {
    const [a, b, c] = [await adSession(), await adSession(), await adSession()];
    await count(a, "impression", "refine", "Shorter, friendlier");
    await count(a, "completion", "refine", "Shorter, friendlier");
    await count(a, "click", "refine", "Shorter, friendlier");
    await count(b, "impression", "refine", "Shorter, friendlier");
    await count(b, "impression", "refine", "Shorter, friendlier");
    await count(c, "impression", "vast:network-7", "Loopback Coffee");
    await count(c, "completion", "vast:network-7", "Loopback Coffee");

    expect(await adFigures(handle.db)).toEqual([
      { id: "refine", label: "Shorter, friendlier", impressions: 2, completions: 1, clicks: 1 },
      { id: "vast:network-7", label: "Loopback Coffee", impressions: 1, completions: 1, clicks: 0 },
    ]);
  });

  it("keep one ad per session when its first reports race", async () => {
    const session = await adSession();
    const outcomes = await Promise.allSettled([
      count(session, "impression", "history"),
      count(session, "click", "languages"),
      count(session, "completion", "history"),
    ]);
    const figures = (await adFigures(handle.db)).filter((row) =>
      ["history", "languages"].includes(row.id),
    );
    expect(figures).toHaveLength(1);
    const rejected = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(rejected.length).toBe(figures[0]!.id === "history" ? 1 : 2);
  });

  it("outlive their sessions: the cleanup job deletes an ended session's events, not its ad's totals", async () => {
    const ended = await adSession();
    await count(ended, "impression", "cleanup", "Old headline");
    await count(ended, "click", "cleanup", "Old headline");
    const dayLater = new Date(T0.getTime() + 24 * 60 * MINUTE_MS);
    const result = await runCleanup(handle.db, dayLater);
    expect(result).toMatchObject({ ran: true });
    const eventsOf = (adSessionId: string) =>
      handle.db.select().from(adEvents).where(eq(adEvents.adSessionId, adSessionId));
    expect(await eventsOf(ended.adSessionId)).toEqual([]);

    // A later session of the same ad adds to what the ended one counted.
    const later = await adSession(dayLater);
    await count(later, "impression", "cleanup", "New headline", dayLater);
    expect(await eventsOf(later.adSessionId)).toHaveLength(1);
    expect((await adFigures(handle.db)).find((row) => row.id === "cleanup")).toEqual({
      id: "cleanup",
      label: "New headline",
      impressions: 2,
      completions: 0,
      clicks: 1,
    });
  });

  it("stop counting once the session is over", async () => {
    const session = await adSession();
    const over = new Date(T0.getTime() + 15_000 + AD_SESSION_OPEN_MS);
    await expect(count(session, "click", "refine", "x", over)).rejects.toMatchObject({
      code: "AD_SESSION_OVER",
      status: 409,
    });
    expect(
      (await count(session, "click", "refine", "x", new Date(over.getTime() - MINUTE_MS))).counted,
    ).toBe(true);
  });
});
