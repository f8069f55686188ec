import { randomUUID } from "node:crypto";
import { and, eq, lt, TransactionRollbackError } from "drizzle-orm";
import type { RegisterInput } from "#shared/schemas/auth.ts";
import { getConfig } from "#server/config.ts";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { users } from "#server/db/schema.ts";
import { grantSignupCredits, holdAllowanceOf, verifyAccount } from "#server/credits/allowances.ts";
import { emailHasher, type EmailHasher } from "#server/credits/allowance-holds.ts";
import { sendEmail, type SendResult } from "#server/email/send.ts";
import {
  passwordResetEmail,
  registrationAttemptEmail,
  verificationEmail,
} from "#server/email/templates.ts";
import { AppError, failure, fieldFailures } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import { isWithinRateLimit } from "#server/rate-limit/index.ts";
import { consumeEmailToken, createEmailToken } from "./email-tokens.ts";
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { createSession, invalidateUserSessions, type SessionUser } from "./sessions.ts";

/** Links in e-mails come from PUBLIC_URL only, never from the request (DESIGN §3). */
function link(path: string, token: string): string {
  return `${getConfig().PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
}

async function assertUncommon(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw failure(
      "VALIDATION_ERROR",
      "commonPassword",
      fieldFailures({ [field]: ["commonPassword"] }),
    );
  }
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

/** Mails the verification link for a token already stored. */
async function sendVerification(db: Database, email: string, token: string): Promise<SendResult> {
  const url = link("/api/auth/verify-email", token);
  return sendEmail(db, verificationEmail(email, url), url);
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/**
 * What a registration answers with, the same shape whether the address was free or not
 * (DESIGN §3, decision 058): a new account signed in, or, for an address that has an
 * account, a session token that was never issued, so nobody is signed in to it.
 */
export type Registration =
  ({ created: true } & SignedIn) | { created: false; token: string; expiresAt: Date };

/**
 * More writes for a new account, in the transaction that makes it (registration/ moves a
 * guest's texts so). For a taken address they run on the stand-in row and are rolled back.
 */
export type AccountSetup = (tx: Transaction, userId: string) => Promise<unknown>;

/**
 * A new account, signed in. The account, its credits, `setUp`'s writes (a guest's texts),
 * the verification link and the session are written in one transaction, so a failing
 * database leaves nothing half-made (the answer is then 503); the mail goes out after the
 * answer, with a link that is already stored.
 *
 * An address that has an account gets the same answer after the same work (decision 058):
 * the password is hashed, and the same statements run on a stand-in row in a transaction
 * that is then rolled back, so that neither the answer nor its timing tells the two apart;
 * its owner gets an e-mail instead.
 */
export async function registerAccount(
  db: Database,
  input: RegisterInput,
  now: Date,
  setUp?: AccountSetup,
): Promise<Registration> {
  await assertUncommon(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  const hashEmail = await emailHasher(db);
  const made = await insertAccount(db, input, passwordHash, now, setUp, hashEmail);
  if (!made.created) {
    void noticeRegistrationAttempt(db, input.email).catch((error: unknown) =>
      getLogger().error({ err: error }, "registration notice failed"),
    );
    return { created: false, token: made.token, expiresAt: made.expiresAt };
  }
  // sendEmail logs a refused send itself; this catches the outbox's write failing.
  void sendVerification(db, made.user.email, made.verifyToken).catch((error: unknown) =>
    getLogger().error({ err: error }, "verification e-mail failed"),
  );
  return { created: true, user: made.user, token: made.token, expiresAt: made.expiresAt };
}

type Inserted =
  | ({ created: true; verifyToken: string } & SignedIn)
  | {
      created: false;
      token: string;
      expiresAt: Date;
    };

/**
 * The account row with its trial, `setUp`'s writes, its verification token and session,
 * all or nothing. For a taken address the same statements run on a stand-in row (an
 * address under `.invalid`, which no one can register) and are rolled back; its session
 * token, never stored, is the answer's.
 */
async function insertAccount(
  db: Database,
  input: RegisterInput,
  passwordHash: string,
  now: Date,
  setUp: AccountSetup | undefined,
  hashEmail: EmailHasher,
): Promise<Inserted> {
  // Set inside the transaction, read once it is rolled back.
  let standIn = null as { token: string; expiresAt: Date } | null;
  try {
    return await db.transaction(async (tx): Promise<Inserted> => {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name ?? null, passwordHash, createdAt: now })
        .onConflictDoNothing({ target: users.email })
        .returning(userColumns);
      const user =
        created ??
        (
          await tx
            .insert(users)
            .values({
              email: standInAddress(),
              name: input.name ?? null,
              passwordHash,
              createdAt: now,
            })
            .returning(userColumns)
        )[0]!;
      await grantSignupCredits(tx, user, now, hashEmail);
      await setUp?.(tx, user.id);
      const verifyToken = await createEmailToken(tx, user.id, "verify_email", now);
      const { token, session } = await createSession(tx, user.id, now);
      if (!created) {
        standIn = { token, expiresAt: session.expiresAt };
        tx.rollback();
      }
      return { created: true, user, token, expiresAt: session.expiresAt, verifyToken };
    });
  } catch (error) {
    // The rollback above, for an address already registered: answered with the stand-in.
    if (standIn && error instanceof TransactionRollbackError) return { created: false, ...standIn };
    throw error;
  }
}

/** A stand-in row's address: `.invalid` is reserved (RFC 2606), so it is never anyone's. */
function standInAddress(): string {
  return `stand-in-${randomUUID()}@register.invalid`;
}

/** Tells an address's owner that someone tried to register it, a few times an hour at most. */
async function noticeRegistrationAttempt(db: Database, email: string): Promise<void> {
  if (!(await isWithinRateLimit("registrationNoticeByAccount", email))) return;
  const { PUBLIC_URL } = getConfig();
  const signIn = `${PUBLIC_URL}/login`;
  const resetPassword = `${PUBLIC_URL}/forgot-password`;
  await sendEmail(db, registrationAttemptEmail(email, { signIn, resetPassword }), signIn);
}

/** Unknown e-mail and wrong password answer alike, after comparable work. */
export async function signIn(
  db: Database,
  input: { email: string; password: string },
  now: Date,
): Promise<SignedIn> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const valid = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !valid) throw failure("UNAUTHORIZED", "invalidCredentials");
  const { passwordHash: _, ...user } = row;
  const { token, session } = await createSession(db, user.id, now);
  return { user, token, expiresAt: session.expiresAt };
}

/**
 * Always succeeds for a valid address. The e-mail goes out after the answer, so that
 * neither the answer nor its timing tells whether the address has an account.
 */
export async function requestPasswordReset(db: Database, email: string, now: Date): Promise<void> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  void (async () => {
    const token = await createEmailToken(db, user.id, "reset_password", now);
    const url = link("/reset-password", token);
    await sendEmail(db, passwordResetEmail(user.email, url), url);
  })().catch((error: unknown) => getLogger().error({ err: error }, "password reset e-mail failed"));
}

/**
 * Sets a new password from a reset link and signs the account out everywhere. The token
 * is used up before the password is hashed, so a bogus link costs one query, not an
 * argon2 hash that every real sign-in would queue behind.
 */
export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  now: Date,
): Promise<void> {
  await assertUncommon(newPassword, "newPassword");
  const userId = await consumeEmailToken(db, token, "reset_password", now);
  if (!userId) throw failure("VALIDATION_ERROR", "invalidResetToken");
  const passwordHash = await hashPassword(newPassword);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await invalidateUserSessions(db, userId);
}

/**
 * Sends a new verification link to an unverified account, and nothing to others. Like a
 * reset, the token and the e-mail come after the answer, so that neither the answer nor
 * its timing tells known, unknown and verified addresses apart; a failed send is logged.
 */
export async function resendVerification(db: Database, email: string, now: Date): Promise<void> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.emailVerified) return;
  // sendEmail logs a refused send itself; this catches the token's write failing.
  void (async () => {
    const token = await createEmailToken(db, user.id, "verify_email", now);
    await sendVerification(db, user.email, token);
  })().catch((error: unknown) => getLogger().error({ err: error }, "verification e-mail failed"));
}

export async function verifyEmailToken(db: Database, token: string, now: Date): Promise<boolean> {
  const userId = await consumeEmailToken(db, token, "verify_email", now);
  return userId !== null && (await verifyAccount(db, userId, now));
}

export const WRONG_PASSWORD = "The password is not correct.";

/**
 * Deletes an account and everything that belongs to it (sessions, texts, ledger, ads: the
 * foreign keys cascade), once its password is confirmed again. What it had left of its
 * week stays with its address (decision 084).
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  password: string,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, password))) {
    throw new AppError("UNAUTHORIZED", WRONG_PASSWORD, {
      fieldErrors: { password: [WRONG_PASSWORD] },
    });
  }
  const hashEmail = await emailHasher(db);
  await db.transaction((tx) => removeAccount(tx, userId, now, hashEmail));
}

/**
 * Deletes an account and everything that belongs to it (the foreign keys cascade; an
 * operator's audit rows keep the address), keeping what it had left of its week under a
 * hash of its address (decision 084). Its sessions go with it, so it is signed out on
 * every instance at its next request. False when there was no such account.
 */
export async function removeAccount(
  tx: Transaction,
  userId: string,
  now: Date,
  hashEmail: EmailHasher,
): Promise<boolean> {
  if (!(await holdAllowanceOf(tx, userId, now, hashEmail))) return false;
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/**
 * Accounts still unverified 24 hours after registration are deleted (spec §4), each
 * keeping its hold like any deletion; returns how many.
 */
export async function deleteUnverifiedAccounts(
  tx: Transaction,
  now: Date,
  hashEmail: EmailHasher,
): Promise<number> {
  const expired = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.emailVerified, false), lt(users.createdAt, new Date(now.getTime() - DAY_MS))),
    );
  let deleted = 0;
  for (const { id } of expired) {
    if (await removeAccount(tx, id, now, hashEmail)) deleted++;
  }
  return deleted;
}

export function toPublicUser(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
