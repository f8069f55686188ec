import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createEmailToken } from "#server/auth/email-tokens.ts";
import { verifyEmailToken } from "#server/auth/accounts.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#server/clock.ts";
import { adsWatchedToday, claimAdReward, startAdSession } from "#server/credits/ads.ts";
import { createGuest, findOrCreateGuest } from "#server/credits/guests.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { GUEST_GENERATIONS_PER_ADDRESS } from "#server/credits/trial.ts";
import { settleGeneration } from "#server/generation/generations.ts";
import { moveGuestHistory } from "#server/generation/guest-texts.ts";
import {
  reconcileExpiredReservations,
  refundReservation,
  reserveGeneration,
} from "#server/generation/charges.ts";
import { creditStatusForUser, listCreditActivity } from "#server/credits/status.ts";
import { rowsOf, schema } from "#server/db/index.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";
import { newAccount } from "../support/accounts.ts";
import { at, draft, LEASE_MS, T0, writeFinishedText } from "../support/ledger-clock.ts";
import { useDatabase } from "../support/use-database.ts";

let counter = 0;

const handle = useDatabase();

/** After every test, whatever it did: each balance equals its ledger (DESIGN §4). */
afterEach(async () => {
  const balances = rowsOf<{ kind: string; id: string; credits: number; ledger: number }>(
    await handle.db.execute(sql`
      select 'user' as kind, u.id::text as id, u.credits,
        (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger
      from users u
      union all
      select 'guest', g.id, g.credits,
        (select coalesce(sum(delta), 0)::int from credit_ledger l where l.guest_id = g.id)
      from guests g`),
  );
  expect(balances.filter((row) => row.credits !== row.ledger)).toEqual([]);
});

async function newUser(options: { verified: boolean; now?: Date }) {
  counter++;
  const now = options.now ?? T0;
  const user = await newAccount(
    handle.db,
    {
      email: `credits-${counter}@example.com`,
      password: "violet-harbor-42",
      confirmPassword: "violet-harbor-42",
      name: undefined,
    },
    now,
  );
  if (options.verified) {
    await verifyEmailToken(
      handle.db,
      await createEmailToken(handle.db, user.id, "verify_email", now),
      now,
    );
  }
  return { ...user, emailVerified: options.verified };
}

async function balanceOf(userId: string): Promise<number> {
  const [row] = await handle.db
    .select({ credits: schema.users.credits })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row!.credits;
}

async function ledgerSum(column: "user_id" | "guest_id", id: string): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await handle.db.execute(
      sql`select coalesce(sum(delta), 0)::int as total from credit_ledger where ${sql.identifier(column)} = ${id}`,
    ),
  );
  return row!.total;
}

describe("reservations", () => {
  it("50 parallel reserves on a balance of 1000: exactly 10 succeed, balance 0, ledger equals balance", async () => {
    const user = await newUser({ verified: true });
    expect(await balanceOf(user.id)).toBe(1000);
    const owner: CreditOwner = { kind: "user", userId: user.id };
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reserveGeneration(handle.db, owner, draft, T0, LEASE_MS)),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerSum("user_id", user.id)).toBe(0);
  });

  it("20 parallel reserves on a guest's 300: exactly 3 succeed", async () => {
    const guest = await createGuest(handle.db, "address-parallel", T0);
    const owner: CreditOwner = { kind: "guest", guestId: guest.id, addressHash: guest.addressHash };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserveGeneration(handle.db, owner, draft, T0, LEASE_MS)),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(3);
    expect(await ledgerSum("guest_id", guest.id)).toBe(0);
  });

  it("a refund is written once, however many times it is asked for", async () => {
    const user = await newUser({ verified: true });
    const reserved = await reserveGeneration(
      handle.db,
      { kind: "user", userId: user.id },
      draft,
      T0,
      LEASE_MS,
    );
    if (!reserved) throw new Error("reserve failed");
    expect(await balanceOf(user.id)).toBe(900);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        refundReservation(handle.db, reserved.generationId, "provider failed", T0),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await refundReservation(handle.db, reserved.generationId, "again", T0)).toBe(false);
    expect(await balanceOf(user.id)).toBe(1000);
    expect(await ledgerSum("user_id", user.id)).toBe(1000);
  });

  it("a settled generation is not refunded", async () => {
    const user = await newUser({ verified: true });
    const reserved = await reserveGeneration(
      handle.db,
      { kind: "user", userId: user.id },
      draft,
      T0,
      LEASE_MS,
    );
    if (!reserved) throw new Error("reserve failed");
    expect(
      await settleGeneration(
        handle.db,
        reserved.generationId,
        { content: "Dear…", modelUsed: "local" },
        T0,
      ),
    ).toBe("settled");
    expect(await refundReservation(handle.db, reserved.generationId, "late failure", T0)).toBe(
      false,
    );
    expect(await balanceOf(user.id)).toBe(900);
  });

  it("the reconciler refunds a reservation whose lease lapsed and leaves live ones", async () => {
    const user = await newUser({ verified: true });
    const owner: CreditOwner = { kind: "user", userId: user.id };
    const old = await reserveGeneration(handle.db, owner, draft, T0, LEASE_MS);
    const fresh = await reserveGeneration(handle.db, owner, draft, at(4 * MINUTE_MS), LEASE_MS);
    if (!old || !fresh) throw new Error("reserve failed");
    expect(await balanceOf(user.id)).toBe(800);

    await reconcileExpiredReservations(handle.db, at(5 * MINUTE_MS + 1000));
    const rows = await handle.db
      .select({ id: schema.generations.id, status: schema.generations.status })
      .from(schema.generations)
      .where(eq(schema.generations.userId, user.id));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [old.generationId]: "failed",
      [fresh.generationId]: "pending",
    });
    expect(await balanceOf(user.id)).toBe(900);
    expect(await ledgerSum("user_id", user.id)).toBe(900);
  });
});

describe("weekly reset", () => {
  it("50 parallel status reads across a Monday boundary grant the week once", async () => {
    const user = await newUser({ verified: true });
    for (let i = 0; i < 8; i++)
      await reserveGeneration(handle.db, { kind: "user", userId: user.id }, draft, T0, LEASE_MS);
    expect(await balanceOf(user.id)).toBe(200);

    const sunday = new Date("2026-11-22T23:59:59Z");
    const before = await creditStatusForUser(handle.db, user.id, sunday, 15);
    expect(before).toMatchObject({ credits: 200, nextResetTime: "2026-11-23T00:00:00.000Z" });
    // No write between the two reads: the kept Sunday status must not answer for Monday.
    const monday = new Date("2026-11-23T00:00:01Z");
    const statuses = await Promise.all(
      Array.from({ length: 50 }, () => creditStatusForUser(handle.db, user.id, monday, 15)),
    );
    expect(new Set(statuses.map((s) => s.credits))).toEqual(new Set([1000]));
    const grants = await handle.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.idempotencyKey, `weekly:${user.id}:2026-11-23`));
    expect(grants.map((g) => g.delta)).toEqual([800]);
    expect(await ledgerSum("user_id", user.id)).toBe(1000);
    expect(statuses[0]!.nextResetTime).toBe("2026-11-30T00:00:00.000Z");
  });

  it("keeps ad credits above the allowance, and gives unverified accounts nothing", async () => {
    const rich = await newUser({ verified: true });
    await handle.db.update(schema.users).set({ credits: 1300 }).where(eq(schema.users.id, rich.id));
    await handle.db.insert(schema.creditLedger).values({
      userId: rich.id,
      delta: 300,
      reason: "ad_reward",
      idempotencyKey: `test-ads:${rich.id}`,
    });
    expect(
      (await creditStatusForUser(handle.db, rich.id, new Date("2026-11-23T08:00:00Z"), 15)).credits,
    ).toBe(1300);

    const unverified = await newUser({ verified: false });
    const status = await creditStatusForUser(
      handle.db,
      unverified.id,
      new Date("2026-11-23T08:00:00Z"),
      15,
    );
    expect(status).toMatchObject({
      credits: 300,
      packageBonus: 0,
      nextResetTime: null,
      isVerified: false,
    });
  });
});

describe("ads", () => {
  it("20 parallel claims of one ad session pay once", async () => {
    const user = await newUser({ verified: true });
    const { adSessionId } = await startAdSession(handle.db, user, T0, 15);
    const claims = await Promise.allSettled(
      Array.from({ length: 20 }, () => claimAdReward(handle.db, user, adSessionId, at(16_000))),
    );
    expect(claims.filter((c) => c.status === "fulfilled")).toHaveLength(1);
    const refused = claims.filter((c) => c.status === "rejected") as PromiseRejectedResult[];
    expect(new Set(refused.map((r) => (r.reason as { code: string }).code))).toEqual(
      new Set(["AD_ALREADY_CLAIMED"]),
    );
    expect(await balanceOf(user.id)).toBe(1100);
    expect(await ledgerSum("user_id", user.id)).toBe(1100);
  });

  it("refuses a claim before 15 seconds have passed on the server", async () => {
    const user = await newUser({ verified: true });
    const { adSessionId, readyAt } = await startAdSession(handle.db, user, T0, 15);
    expect(readyAt).toBe(at(15_000).toISOString());
    await expect(claimAdReward(handle.db, user, adSessionId, at(14_000))).rejects.toMatchObject({
      status: 400,
      code: "AD_NOT_READY",
    });
    await expect(claimAdReward(handle.db, user, adSessionId, at(15_000))).resolves.toEqual({
      creditsEarned: 100,
      credits: 1100,
    });
  });

  it("refuses the sixth ad of a UTC day, and allows five more the next day", async () => {
    const user = await newUser({ verified: true });
    const watch = async (start: Date) => {
      const { adSessionId } = await startAdSession(handle.db, user, start, 15);
      return claimAdReward(handle.db, user, adSessionId, new Date(start.getTime() + 15_000));
    };
    for (let i = 0; i < 5; i++) await watch(at(i * MINUTE_MS));
    expect(await adsWatchedToday(handle.db, user.id, at(HOUR_MS))).toBe(5);
    await expect(startAdSession(handle.db, user, at(HOUR_MS), 15)).rejects.toMatchObject({
      status: 429,
      code: "AD_DAILY_LIMIT",
    });

    const nextDay = new Date("2026-11-19T00:00:05Z");
    for (let i = 0; i < 5; i++) await watch(new Date(nextDay.getTime() + i * MINUTE_MS));
    await expect(
      startAdSession(handle.db, user, new Date(nextDay.getTime() + HOUR_MS), 15),
    ).rejects.toMatchObject({ code: "AD_DAILY_LIMIT" });
    expect(await balanceOf(user.id)).toBe(2000);
  });

  it("refuses an unverified user with 403, and another user's ad session with 404", async () => {
    const unverified = await newUser({ verified: false });
    await expect(startAdSession(handle.db, unverified, T0, 15)).rejects.toMatchObject({
      status: 403,
      code: "EMAIL_NOT_VERIFIED",
    });
    const owner = await newUser({ verified: true });
    const other = await newUser({ verified: true });
    const { adSessionId } = await startAdSession(handle.db, owner, T0, 15);
    await expect(claimAdReward(handle.db, other, adSessionId, at(20_000))).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("guests", () => {
  it("clearing the cookie on one address stops at the per-address cap", async () => {
    const addressHash = "address-cap";
    let successes = 0;
    let guestsMade = 0;
    for (let attempt = 0; attempt < 30; attempt++) {
      // A cleared cookie: every round starts a new guest from the same address.
      const guest = await createGuest(handle.db, addressHash, at(attempt * 1000));
      guestsMade++;
      let stopped = false;
      for (;;) {
        const result = await reserveGeneration(
          handle.db,
          { kind: "guest", guestId: guest.id, addressHash },
          draft,
          at(attempt * 1000),
          LEASE_MS,
        );
        if (!result) {
          stopped = true;
          break;
        }
        successes++;
      }
      if (stopped && successes >= GUEST_GENERATIONS_PER_ADDRESS) break;
    }
    expect(successes).toBe(GUEST_GENERATIONS_PER_ADDRESS);
    expect(guestsMade).toBe(4);
    // A day later the address may try again.
    const later = await createGuest(handle.db, addressHash, at(DAY_MS + 60_000));
    const again = await reserveGeneration(
      handle.db,
      { kind: "guest", guestId: later.id, addressHash },
      draft,
      at(DAY_MS + 60_000),
      LEASE_MS,
    );
    expect(again).not.toBeNull();
  });
});

describe("guest rows", () => {
  it("no guest is made for an address whose trial texts are used up", async () => {
    const addressHash = "address-full";
    for (let i = 0; i < GUEST_GENERATIONS_PER_ADDRESS; i++) {
      const made = await findOrCreateGuest(handle.db, undefined, addressHash, T0);
      const owner: CreditOwner = { kind: "guest", guestId: made!.guest.id, addressHash };
      expect(await reserveGeneration(handle.db, owner, draft, T0, LEASE_MS)).not.toBeNull();
    }
    const guestsOfAddress = async () =>
      (
        await handle.db
          .select({ id: schema.guests.id })
          .from(schema.guests)
          .where(eq(schema.guests.addressHash, addressHash))
      ).length;
    expect(await guestsOfAddress()).toBe(GUEST_GENERATIONS_PER_ADDRESS);
    for (let i = 0; i < 20; i++) {
      expect(await findOrCreateGuest(handle.db, undefined, addressHash, at(i * 1000))).toBeNull();
    }
    expect(await guestsOfAddress()).toBe(GUEST_GENERATIONS_PER_ADDRESS);
    // A day later the address has its trial again.
    expect(
      await findOrCreateGuest(handle.db, undefined, addressHash, at(DAY_MS + 1000)),
    ).toMatchObject({ created: true });
  });

  it("the cleanup job removes textless guests after 24 hours, the rest once their cookie is gone, and keeps texts that moved to an account", async () => {
    const late = new Date("2027-01-10T10:00:00Z");
    const before = (ms: number) => new Date(late.getTime() - ms);
    const textless = await createGuest(handle.db, "cleanup", before(DAY_MS + 1000));
    const young = await createGuest(handle.db, "cleanup", before(DAY_MS - 1000));
    const refused = await createGuest(handle.db, "cleanup", before(2 * DAY_MS));
    const failed = await reserveGeneration(
      handle.db,
      { kind: "guest", guestId: refused.id, addressHash: "cleanup" },
      draft,
      before(2 * DAY_MS),
      LEASE_MS,
    );
    await refundReservation(handle.db, failed!.generationId, "no provider", before(2 * DAY_MS));
    const writer = await createGuest(handle.db, "cleanup", before(2 * DAY_MS));
    await writeFinishedText(
      handle.db,
      { kind: "guest", guestId: writer.id, addressHash: "cleanup" },
      before(2 * DAY_MS),
    );

    const ids = async () =>
      (await handle.db.select({ id: schema.guests.id }).from(schema.guests)).map((g) => g.id);
    expect((await runCleanup(handle.db, late)).ran).toBe(true);
    const kept = await ids();
    expect(kept).not.toContain(textless.id);
    expect(kept).not.toContain(refused.id);
    expect(kept).toContain(young.id);
    expect(kept).toContain(writer.id);

    // 30 days on, the cookie has expired: the guest goes, its texts with it.
    const monthLater = new Date(before(2 * DAY_MS).getTime() + 30 * DAY_MS + 1000);
    expect((await runCleanup(handle.db, monthLater)).ran).toBe(true);
    expect(await ids()).not.toContain(writer.id);
    const left = await handle.db
      .select({ id: schema.generations.id })
      .from(schema.generations)
      .where(eq(schema.generations.guestId, writer.id));
    expect(left).toEqual([]);
  });

  it("a guest whose texts moved to an account is removed with its cookie, and the account keeps them", async () => {
    const start = new Date("2027-03-01T10:00:00Z");
    const guest = await createGuest(handle.db, "moved", start);
    const text = await writeFinishedText(
      handle.db,
      { kind: "guest", guestId: guest.id, addressHash: "moved" },
      start,
    );
    const user = await newUser({ verified: true, now: start });
    await handle.db.transaction((tx) => moveGuestHistory(tx, guest.id, user.id));

    const monthLater = new Date(start.getTime() + 30 * DAY_MS + 1000);
    expect((await runCleanup(handle.db, monthLater)).ran).toBe(true);
    const guests = await handle.db
      .select({ id: schema.guests.id })
      .from(schema.guests)
      .where(eq(schema.guests.id, guest.id));
    expect(guests).toEqual([]);
    const [moved] = await handle.db
      .select({ userId: schema.generations.userId, guestId: schema.generations.guestId })
      .from(schema.generations)
      .where(eq(schema.generations.id, text));
    expect(moved).toEqual({ userId: user.id, guestId: null });
  });
});

describe("activity", () => {
  it("lists every credit change newest first, in pages", async () => {
    const user = await newUser({ verified: true });
    const reserved = await reserveGeneration(
      handle.db,
      { kind: "user", userId: user.id },
      draft,
      at(1000),
      LEASE_MS,
    );
    if (!reserved) throw new Error("reserve failed");
    await refundReservation(handle.db, reserved.generationId, "provider failed", at(2000));
    const first = await listCreditActivity(handle.db, user.id, 1, 2);
    expect(first.entries.map((e) => [e.reason, e.delta])).toEqual([
      ["refund", 100],
      ["generation", -100],
    ]);
    expect(first.entries[0]!.subject).toBe("A letter");
    expect(first.hasMore).toBe(true);
    const second = await listCreditActivity(handle.db, user.id, 2, 2);
    // Written in the same instant, so their mutual order is not defined.
    expect(new Set(second.entries.map((e) => e.reason))).toEqual(
      new Set(["verification_top_up", "signup_grant"]),
    );
    expect(second.hasMore).toBe(false);
  });
});
