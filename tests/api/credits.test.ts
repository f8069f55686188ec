import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN } from "#shared/plan.ts";
import { ApiClient, outboxLink, pathOf } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";
import { untilTime } from "../support/wait.ts";

const server = useServer({ env: { TRUSTED_PROXY: "1", AD_WATCH_SECONDS: "1" } });
const PASSWORD = "violet-harbor-42";

async function signedIn(verified: boolean): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const email = `credits-${randomUUID().slice(0, 8)}@example.com`;
  const response = await client.post("/api/auth/register", {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(201);
  if (verified) await client.get(pathOf(await outboxLink(server.url, email, "verify-email")));
  return client;
}

describe("GET /api/credits/status", () => {
  it("describes a guest's trial", async () => {
    const status = await new ApiClient(server.url).get("/api/credits/status");
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      success: true,
      credits: 300,
      hasCredits: true,
      isGuest: true,
      packageName: "Guest Trial",
      packageBonus: 0,
      costPerUse: 100,
      // The plan in force (issue 29): the spec's numbers until an operator changes them.
      plan: DEFAULT_PLAN,
      nextResetTime: null,
      adsWatchedToday: 0,
      adsPerDay: 0,
      adWatchSeconds: 0,
      isVerified: false,
      trialLeftOnNetwork: 10,
      noTextReason: null,
    });
  });

  it("describes an unverified and a verified account", async () => {
    const unverified = await (await signedIn(false)).get("/api/credits/status");
    expect(unverified.body).toMatchObject({
      credits: 300,
      isGuest: false,
      packageName: "Free",
      packageBonus: 0,
      nextResetTime: null,
      isVerified: false,
    });
    const verified = await (await signedIn(true)).get("/api/credits/status");
    expect(verified.body).toMatchObject({
      credits: 1000,
      hasCredits: true,
      packageName: "Free",
      packageBonus: 1000,
      adsPerDay: 5,
      adsWatchedToday: 0,
      isVerified: true,
    });
    const reset = new Date(verified.body.nextResetTime);
    expect(reset.getUTCDay()).toBe(1);
    expect(reset.getUTCHours()).toBe(0);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("watching an ad", () => {
  it("pays 100 credits once the ad has run on the server, once per ad", async () => {
    const client = await signedIn(true);
    const started = await client.post("/api/credits/ad-session");
    expect(started.status).toBe(201);
    expect(Date.parse(started.body.readyAt)).toBeGreaterThan(Date.now() - 100);

    const early = await client.post("/api/credits/watch-ad", {
      adSessionId: started.body.adSessionId,
    });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ success: false, code: "AD_NOT_READY" });

    await untilTime(Date.parse(started.body.readyAt));
    const paid = await client.post("/api/credits/watch-ad", {
      adSessionId: started.body.adSessionId,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: true, creditsEarned: 100, credits: 1100 });
    const again = await client.post("/api/credits/watch-ad", {
      adSessionId: started.body.adSessionId,
    });
    expect(again.status).toBe(409);

    const status = await client.get("/api/credits/status");
    expect(status.body).toMatchObject({ credits: 1100, adsWatchedToday: 1 });
    const activity = await client.get("/api/credits/activity?pageSize=1");
    expect(activity.body.entries).toEqual([
      expect.objectContaining({ reason: "ad_reward", delta: 100 }),
    ]);
    expect(activity.body.hasMore).toBe(true);
  });

  it("refuses an unverified user with 403 and a signed-out visitor with 401", async () => {
    const unverified = await signedIn(false);
    const refused = await unverified.post("/api/credits/ad-session");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "EMAIL_NOT_VERIFIED",
      message: "Email verification is required to earn credits.",
    });
    expect((await new ApiClient(server.url).post("/api/credits/ad-session")).status).toBe(401);
    expect((await new ApiClient(server.url).get("/api/credits/activity")).status).toBe(401);
  });

  it("answers a malformed ad session id and bad paging with 400", async () => {
    const client = await signedIn(true);
    const bad = await client.post("/api/credits/watch-ad", { adSessionId: "1; drop table users" });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.adSessionId).toEqual(["A valid ad session is required."]);
    expect((await client.post("/api/credits/watch-ad", {})).status).toBe(400);
    expect((await client.get("/api/credits/activity?page=0")).status).toBe(400);
    expect((await client.get("/api/credits/activity?pageSize=1000")).status).toBe(400);
  });
});
