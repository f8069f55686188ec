import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { requestPasswordReset, resetPassword, verifyEmailToken } from "#server/auth/accounts.ts";
import { createEmailToken } from "#server/auth/email-tokens.ts";
import { createSession, invalidateSession, validateSessionToken } from "#server/auth/sessions.ts";
import { DAY_MS, HOUR_MS } from "#server/clock.ts";
import { schema } from "#server/db/index.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";
import { countQueries } from "#server/db/query-count.ts";
import { newAccount } from "../support/accounts.ts";
import { useDatabase } from "../support/use-database.ts";

/** Business rules with an injected clock, against the real database (PGlite or PostgreSQL). */
const T0 = new Date("2026-11-16T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
let counter = 0;
const input = () => {
  counter++;
  return {
    email: `rules-${counter}@example.com`,
    password: "violet-harbor-42",
    confirmPassword: "violet-harbor-42",
    name: undefined,
  };
};

beforeAll(() => {
  process.env.PUBLIC_URL = "http://localhost:4321";
});
const handle = useDatabase();

describe("one-time links", () => {
  it("a reset link works until 24 h after it was sent, not a second later", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const early = await createEmailToken(handle.db, user.id, "reset_password", T0);
    await expect(
      resetPassword(handle.db, early, "fresh-garden-11", at(DAY_MS - 1000)),
    ).resolves.toBeUndefined();

    const late = await createEmailToken(handle.db, user.id, "reset_password", T0);
    await expect(
      resetPassword(handle.db, late, "fresh-garden-12", at(DAY_MS + 1000)),
    ).rejects.toThrow("This password reset link is invalid or has expired.");
  });

  it("a verification link tops the balance up to 1000 once, with its ledger row", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const token = await createEmailToken(handle.db, user.id, "verify_email", T0);
    const [first, second] = await Promise.all([
      verifyEmailToken(handle.db, token, at(HOUR_MS)),
      verifyEmailToken(handle.db, token, at(HOUR_MS)),
    ]);
    expect([first, second].sort()).toEqual([false, true]);
    const [row] = await handle.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row).toMatchObject({ emailVerified: true, credits: 1000 });
    const ledger = await handle.db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, user.id));
    expect(ledger.map((l) => [l.reason, l.delta]).sort()).toEqual([
      ["signup_grant", 300],
      ["verification_top_up", 700],
    ]);
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(row!.credits);
  });

  it("a forgot-password request for an unknown address writes nothing", async () => {
    const before = await handle.db.select().from(schema.emailTokens);
    await requestPasswordReset(handle.db, "nobody@example.com", T0);
    expect(await handle.db.select().from(schema.emailTokens)).toHaveLength(before.length);
  });
});

describe("sessions", () => {
  it("end after 30 days without use", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    expect(await validateSessionToken(handle.db, token, at(29 * DAY_MS))).not.toBeNull();
    // Used on day 29: it now lives until day 59.
    expect(await validateSessionToken(handle.db, token, at(58 * DAY_MS))).not.toBeNull();
    expect(
      await validateSessionToken(handle.db, token, at(58 * DAY_MS + 30 * DAY_MS + 1)),
    ).toBeNull();
  });

  it("end 90 days after sign-in however often they are used", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    for (let day = 20; day < 90; day += 20) {
      expect(await validateSessionToken(handle.db, token, at(day * DAY_MS))).not.toBeNull();
    }
    expect(await validateSessionToken(handle.db, token, at(90 * DAY_MS))).toBeNull();
  });

  it("refuse a token whose secret is wrong, even with the right id", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    const [id, secret] = token.split(".");
    const tampered = `${id}.${secret!.slice(0, -1)}${secret!.endsWith("a") ? "b" : "a"}`;
    expect(await validateSessionToken(handle.db, tampered, T0)).toBeNull();
    expect(await validateSessionToken(handle.db, `${id}`, T0)).toBeNull();
  });
});

describe("a session is read from the database on every request (decision 061)", () => {
  /** The statements `validateSessionToken` sends, and its answer. */
  async function validate(token: string, now: Date) {
    const counts = { queries: 0 };
    const result = await countQueries(counts, () => validateSessionToken(handle.db, token, now));
    return { result, queries: counts.queries };
  }

  it("each validation is one statement, the session and its user together", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    expect((await validate(token, at(1000))).queries).toBe(1);
    const again = await validate(token, at(2000));
    expect(again).toMatchObject({ queries: 1, result: { user: { id: user.id } } });
  });

  it("a session read before still refuses a wrong secret", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    await validate(token, T0);
    const [id, secret] = token.split(".");
    const tampered = `${id}.${secret!.slice(0, -1)}${secret!.endsWith("a") ? "b" : "a"}`;
    expect((await validate(tampered, T0)).result).toBeNull();
  });

  it("signing out ends the session at once", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token, session } = await createSession(handle.db, user.id, T0);
    await validate(token, T0);
    await invalidateSession(handle.db, session.id);
    expect((await validate(token, at(1))).result).toBeNull();
  });

  it("a password reset ends every session of the account at once", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    await validate(token, T0);
    const link = await createEmailToken(handle.db, user.id, "reset_password", T0);
    await resetPassword(handle.db, link, "fresh-garden-13", at(1));
    expect((await validate(token, at(2))).result).toBeNull();
  });

  it("a verification here is seen by the next request", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    expect((await validate(token, T0)).result?.user.emailVerified).toBe(false);
    await verifyEmailToken(
      handle.db,
      await createEmailToken(handle.db, user.id, "verify_email", T0),
      at(1),
    );
    expect((await validate(token, at(2))).result?.user.emailVerified).toBe(true);
  });

  it("a sign-out by another instance (its row deleted) ends the session here at once", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token, session } = await createSession(handle.db, user.id, T0);
    await validate(token, T0);
    await handle.db.delete(schema.sessions).where(eq(schema.sessions.id, session.id));
    expect((await validate(token, at(1))).result).toBeNull();
  });

  it("an unverified account deleted by the cleanup job loses its sessions at once", async () => {
    const user = await newAccount(handle.db, input(), T0);
    const { token } = await createSession(handle.db, user.id, T0);
    const late = at(DAY_MS + HOUR_MS);
    await validate(token, late);
    expect((await runCleanup(handle.db, late)).ran).toBe(true);
    expect((await validate(token, at(DAY_MS + HOUR_MS + 1))).result).toBeNull();
  });
});

describe("cleanup job", () => {
  it("deletes accounts unverified 24 h after registration and keeps the rest", async () => {
    const stale = await newAccount(handle.db, input(), T0);
    const fresh = await newAccount(handle.db, input(), at(2 * HOUR_MS));
    const verified = await newAccount(handle.db, input(), T0);
    await verifyEmailToken(
      handle.db,
      await createEmailToken(handle.db, verified.id, "verify_email", T0),
      T0,
    );

    const result = await runCleanup(handle.db, at(DAY_MS + HOUR_MS));
    expect(result.ran).toBe(true);
    const ids = (await handle.db.select({ id: schema.users.id }).from(schema.users)).map(
      (u) => u.id,
    );
    expect(ids).not.toContain(stale.id);
    expect(ids).toContain(fresh.id);
    expect(ids).toContain(verified.id);
  });
});
