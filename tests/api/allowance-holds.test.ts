import { createHmac } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccount, verifyEmailToken } from "#server/auth/accounts.ts";
import { createEmailToken } from "#server/auth/email-tokens.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "#server/clock.ts";
import { consoleOverview } from "#server/console/overview.ts";
import { emailHasher } from "#server/credits/allowance-holds.ts";
import { weekKey } from "#server/credits/allowances.ts";
import { createGuest } from "#server/credits/guests.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { rowsOf, schema } from "#server/db/index.ts";
import { guestGenerationsFromAddress } from "#server/credits/trial.ts";
import { readDeploymentKey } from "#server/keys/deployment-keys.ts";
import { mailboxTag } from "#server/email/mailbox.ts";
import { deleteHistoryItem } from "#server/generation/history.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";
import { newAccount } from "../support/accounts.ts";
import { at, T0, writeFinishedText as write } from "../support/ledger-clock.ts";
import { useDatabase } from "../support/use-database.ts";

/**
 * Decision 084 on a clock the test moves: a deleted account's week stays with its address
 * for that week only and is forgotten after 8 days; what was written is counted after its
 * text is gone, by the trial cap and the console alike.
 */
const PASSWORD = "violet-harbor-42";

const handle = useDatabase();

async function register(email: string, now: Date) {
  return newAccount(
    handle.db,
    { email, password: PASSWORD, confirmPassword: PASSWORD, name: undefined },
    now,
  );
}

async function verify(userId: string, now: Date) {
  const token = await createEmailToken(handle.db, userId, "verify_email", now);
  expect(await verifyEmailToken(handle.db, token, now)).toBe(true);
}

async function balanceOf(userId: string): Promise<number> {
  const [row] = await handle.db
    .select({ credits: schema.users.credits })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row!.credits;
}

describe("a deleted account's week", () => {
  it("caps a new account of the same address that week, and nothing the week after", async () => {
    const email = "cycle@example.com";
    const first = await register(email, T0);
    await verify(first.id, T0);
    for (let i = 0; i < 4; i++)
      await write(handle.db, { kind: "user", userId: first.id }, at(i * 1000));
    expect(await balanceOf(first.id)).toBe(600);
    await deleteAccount(handle.db, first.id, PASSWORD, at(HOUR_MS));

    const second = await register(email, at(2 * HOUR_MS));
    expect(await balanceOf(second.id)).toBe(300);
    // Two texts before verifying: they come off the 600 that were left.
    for (let i = 0; i < 2; i++) {
      await write(
        handle.db,
        { kind: "user", userId: second.id, addressHash: "cycle" },
        at(2 * HOUR_MS),
      );
    }
    await verify(second.id, at(3 * HOUR_MS));
    expect(await balanceOf(second.id)).toBe(400);

    // Deleted again, and once more before verifying: the cap still holds for a fourth account.
    await deleteAccount(handle.db, second.id, PASSWORD, at(4 * HOUR_MS));
    const third = await register(email, at(5 * HOUR_MS));
    await deleteAccount(handle.db, third.id, PASSWORD, at(6 * HOUR_MS));
    const fourth = await register(email, at(7 * HOUR_MS));
    await verify(fourth.id, at(7 * HOUR_MS));
    expect(await balanceOf(fourth.id)).toBe(400);

    // Next Monday the week is new: a new account gets the whole allowance.
    await deleteAccount(handle.db, fourth.id, PASSWORD, at(8 * HOUR_MS));
    const monday = new Date("2026-11-23T09:00:00Z");
    const fifth = await register(email, monday);
    expect(await balanceOf(fifth.id)).toBe(300);
    await verify(fifth.id, monday);
    expect(await balanceOf(fifth.id)).toBe(1000);
  });

  it("another address registering meanwhile is not held back", async () => {
    const deleted = await register("held@example.com", T0);
    await verify(deleted.id, T0);
    await deleteAccount(handle.db, deleted.id, PASSWORD, T0);
    const other = await register("free@example.com", at(MINUTE_MS));
    await verify(other.id, at(MINUTE_MS));
    expect(await balanceOf(other.id)).toBe(1000);
  });

  it("the cleanup job deletes a hold once its 8 days are over, and an expired account leaves one", async () => {
    const start = new Date("2027-02-03T10:00:00Z");
    const after = (ms: number) => new Date(start.getTime() + ms);
    const holdsExpiringAt = async (expiry: Date) => {
      const [row] = rowsOf<{ count: number }>(
        await handle.db.execute(
          sql`select count(*)::int as count from allowance_holds where expires_at = ${expiry.toISOString()}::timestamptz`,
        ),
      );
      return row!.count;
    };
    const gone = await register("short-lived@example.com", start);
    await deleteAccount(handle.db, gone.id, PASSWORD, start);
    expect(await holdsExpiringAt(after(8 * DAY_MS))).toBe(1);
    expect((await runCleanup(handle.db, after(8 * DAY_MS - 1000))).ran).toBe(true);
    expect(await holdsExpiringAt(after(8 * DAY_MS))).toBe(1);

    // Left unverified past 24 hours, an account is deleted by the job and leaves a hold too.
    await register("never-verified@example.com", after(6 * DAY_MS));
    const result = await runCleanup(handle.db, after(8 * DAY_MS + 1000));
    expect(result).toMatchObject({ ran: true, unverifiedAccounts: 1 });
    expect(await holdsExpiringAt(after(8 * DAY_MS))).toBe(0);
    expect(await holdsExpiringAt(after(16 * DAY_MS + 1000))).toBe(1);
  });
});

describe("one mailbox, one allowance", () => {
  const day = new Date("2027-06-09T10:00:00Z");
  const later = (ms: number) => new Date(day.getTime() + ms);
  const holdKeys = async () =>
    rowsOf<{ key: string }>(
      await handle.db.execute(
        sql`select email_hash as key from allowance_holds where week = ${weekKey(day)}`,
      ),
    ).map((row) => row.key);

  it("a deleted Gmail account's week holds every spelling of its mailbox", async () => {
    const first = await register("Mail.Box+news@gmail.com", day);
    await verify(first.id, day);
    await write(handle.db, { kind: "user", userId: first.id }, day);
    await deleteAccount(handle.db, first.id, PASSWORD, later(HOUR_MS));
    for (const [i, spelling] of ["mailbox@googlemail.com", "m.a.i.l.b.o.x+2@gmail.com"].entries()) {
      const next = await register(spelling, later((2 + i) * HOUR_MS));
      await verify(next.id, later((2 + i) * HOUR_MS));
      expect(await balanceOf(next.id), spelling).toBe(900);
      await deleteAccount(handle.db, next.id, PASSWORD, later((2 + i) * HOUR_MS));
    }
    // Three deletions, one mailbox: one hold.
    const hash = await emailHasher(handle.db);
    expect(await holdKeys()).toEqual([hash("mailbox@gmail.com").key]);
  });

  it("a log's tag for an address is its mailbox's, short, and the hold key's start", async () => {
    const tag = await mailboxTag(handle.db, "Tag.Me+logs@googlemail.com");
    expect(tag).toMatch(/^[0-9a-f]{12}$/);
    expect(await mailboxTag(handle.db, "tagme@gmail.com")).toBe(tag);
    expect(await mailboxTag(handle.db, "tagme2@gmail.com")).not.toBe(tag);
    expect((await emailHasher(handle.db))("tagme@gmail.com").key.startsWith(tag)).toBe(true);
  });

  it("a hold written before mailboxes, under the address as stored, holds it and moves", async () => {
    const secret = await readDeploymentKey(handle.db, "email_hash_key");
    const stored = "old.spelling+x@gmail.com";
    const earlierKey = createHmac("sha256", secret).update(stored).digest("hex");
    await handle.db.insert(schema.allowanceHolds).values({
      emailHash: earlierKey,
      week: weekKey(day),
      credits: 200,
      weekCap: 200,
      expiresAt: later(8 * DAY_MS),
    });
    const again = await register(stored, later(MINUTE_MS));
    expect(await balanceOf(again.id)).toBe(200);
    await verify(again.id, later(MINUTE_MS));
    expect(await balanceOf(again.id)).toBe(200);

    // Deleted again: the hold is now the mailbox's, and the earlier key's row is gone.
    await deleteAccount(handle.db, again.id, PASSWORD, later(2 * MINUTE_MS));
    const keys = await holdKeys();
    expect(keys).not.toContain(earlierKey);
    expect(keys).toContain((await emailHasher(handle.db))(stored).key);
    const plain = await register("oldspelling@gmail.com", later(3 * MINUTE_MS));
    await verify(plain.id, later(3 * MINUTE_MS));
    expect(await balanceOf(plain.id)).toBe(200);
  });
});

describe("what was written outlives the text", () => {
  it("a deleted text still counts toward the trial cap and the console's figures", async () => {
    const day = new Date("2027-04-07T10:00:00Z");
    const address = "written-not-kept";
    const guest = await createGuest(handle.db, address, day);
    const owner: CreditOwner = { kind: "guest", guestId: guest.id, addressHash: address };
    await write(handle.db, owner, day);
    await write(handle.db, owner, day);
    const user = await register("keeps-nothing@example.com", day);
    const own = await write(
      handle.db,
      { kind: "user", userId: user.id, addressHash: address },
      day,
    );
    expect(await guestGenerationsFromAddress(handle.db, address, day)).toBe(3);
    const today = (overview: Awaited<ReturnType<typeof consoleOverview>>) =>
      overview.days.find((entry) => entry.day === "2027-04-07")!;
    const before = await consoleOverview(handle.db, day);

    expect(await deleteHistoryItem(handle.db, user.id, own)).toBe(true);
    await deleteAccount(handle.db, user.id, PASSWORD, day);
    expect(await guestGenerationsFromAddress(handle.db, address, day)).toBe(3);
    const after = await consoleOverview(handle.db, day);
    expect(today(after).texts).toEqual(today(before).texts);
    expect(today(after).texts["mistral-ai"]).toBe(3);
    expect(after.guests.texts).toBe(before.guests.texts);
  });

  it("the cleanup job forgets a trial text's address after 24 hours and keeps its record", async () => {
    const day = new Date("2027-05-05T10:00:00Z");
    const address = "forgotten";
    const guest = await createGuest(handle.db, address, day);
    await write(handle.db, { kind: "guest", guestId: guest.id, addressHash: address }, day);
    const records = async () =>
      rowsOf<{ address: string | null }>(
        await handle.db.execute(
          sql`select address_hash as address from text_records where created_at = ${day.toISOString()}::timestamptz`,
        ),
      );
    expect(await records()).toEqual([{ address }]);
    await runCleanup(handle.db, new Date(day.getTime() + DAY_MS + 1000));
    expect(await records()).toEqual([{ address: null }]);
  });
});
