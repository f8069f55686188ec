import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyEmailToken } from "#server/auth/accounts.ts";
import { createEmailToken } from "#server/auth/email-tokens.ts";
import { MINUTE_MS } from "#server/clock.ts";
import {
  AD_SESSION_OPEN_MS,
  claimAdReward,
  deleteStaleAdSessions,
  startAdSession,
} from "#server/credits/ads.ts";
import { schema } from "#server/db/index.ts";
import { signUp } from "../support/client.ts";
import { newAccount } from "../support/accounts.ts";
import { useDatabase } from "../support/use-database.ts";
import { useServer } from "../support/use-server.ts";
import { untilTime } from "../support/wait.ts";

/** Issue 7, item 6: one open ad per account, asked for at a bounded rate, cleaned up. */

describe("through the API", () => {
  // 50 asks at once from one client, more than an address may have in flight by default.
  const server = useServer({
    env: { TRUSTED_PROXY: "1", AD_WATCH_SECONDS: "1", MAX_REQUESTS_PER_ADDRESS: "100" },
  });

  it("50 parallel asks from one account open one ad, which pays once; then the next may open", async () => {
    const { client } = await signUp(server.url, true);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.post("/api/credits/ad-session")),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([
      ...Array.from({ length: 49 }, () => 200),
      201,
    ]);
    const ids = new Set(answers.map((a) => a.body.adSessionId as string));
    expect(ids.size).toBe(1);
    const [adSessionId] = [...ids];
    expect(new Set(answers.map((a) => a.body.readyAt)).size).toBe(1);

    await untilTime(Date.parse(answers[0]!.body.readyAt));
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => client.post("/api/credits/watch-ad", { adSessionId })),
    );
    expect(claims.filter((c) => c.status === 200)).toHaveLength(1);
    expect((await client.get("/api/credits/status")).body.credits).toBe(1100);

    const next = await client.post("/api/credits/ad-session");
    expect(next.status).toBe(201);
    expect(next.body.adSessionId).not.toBe(adSessionId);
  });

  it("limits how often one account asks, with 429 and Retry-After", async () => {
    const { client } = await signUp(server.url, true);
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++)
      statuses.push((await client.post("/api/credits/ad-session")).status);
    expect(statuses.slice(0, 60).every((status) => status < 300)).toBe(true);
    const limited = await client.post("/api/credits/ad-session");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
  });
});

describe("the cleanup job", () => {
  const T0 = new Date("2026-11-18T10:00:00Z");
  const at = (ms: number) => new Date(T0.getTime() + ms);

  const handle = useDatabase();

  async function verifiedUser(label: string) {
    const user = await newAccount(
      handle.db,
      {
        email: `${label}@example.com`,
        password: "violet-harbor-42",
        confirmPassword: "violet-harbor-42",
        name: undefined,
      },
      T0,
    );
    const token = await createEmailToken(handle.db, user.id, "verify_email", T0);
    await verifyEmailToken(handle.db, token, T0);
    return { id: user.id, emailVerified: true };
  }

  const sessionsOf = async (userId: string) =>
    (
      await handle.db
        .select({ id: schema.adSessions.id })
        .from(schema.adSessions)
        .where(eq(schema.adSessions.userId, userId))
    ).map((row) => row.id);

  it("deletes ads left unclaimed past their window and old claimed ones, and keeps the rest", async () => {
    const abandoned = await verifiedUser("abandoned");
    const stale = await startAdSession(handle.db, abandoned, T0, 15);

    const watcher = await verifiedUser("watcher");
    const claimed = await startAdSession(handle.db, watcher, T0, 15);
    await claimAdReward(handle.db, watcher, claimed.adSessionId, at(MINUTE_MS));

    const active = await verifiedUser("active");
    const later = at(AD_SESSION_OPEN_MS + 2 * MINUTE_MS);
    const open = await startAdSession(handle.db, active, later, 15);

    expect(await deleteStaleAdSessions(handle.db, later)).toBe(1);
    expect(await sessionsOf(abandoned.id)).toEqual([]);
    expect(await sessionsOf(watcher.id)).toEqual([claimed.adSessionId]);
    expect(await sessionsOf(active.id)).toEqual([open.adSessionId]);
    expect(stale.adSessionId).not.toBe(open.adSessionId);

    // Two days on, the claimed one no longer counts towards any daily limit.
    expect(await deleteStaleAdSessions(handle.db, at(2 * 24 * 60 * MINUTE_MS))).toBe(2);
    expect(await sessionsOf(watcher.id)).toEqual([]);
  });
});
