import { and, eq, lt } from "drizzle-orm";
import type { RegisterInput } from "../../shared/schemas/auth.ts";
import { getConfig } from "../config.ts";
import { DAY_MS } from "../clock.ts";
import type { Database } from "../db/index.ts";
import { UNIQUE_VIOLATION, sqlState } from "../db/errors.ts";
import { users } from "../db/schema.ts";
import { grantSignupCredits, verifyAccount } from "../credits/allowances.ts";
import { sendEmail, type SendResult } from "../email/send.ts";
import { passwordResetEmail, verificationEmail } from "../email/templates.ts";
import { AppError } from "../errors.ts";
import { getLogger } from "../logger.ts";
import { consumeEmailToken, createEmailToken } from "./email-tokens.ts";
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from "./passwords.ts";
import { createSession, invalidateUserSessions, type SessionUser } from "./sessions.ts";

export const INVALID_CREDENTIALS = "Invalid email or password.";
export const COMMON_PASSWORD = "This password is too common. Please choose a less predictable one.";
export const INVALID_RESET_TOKEN = "This password reset link is invalid or has expired.";

/** Links in e-mails come from PUBLIC_URL only, never from the request (DESIGN §3). */
function link(path: string, token: string): string {
  return `${getConfig().PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
}

function assertUncommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new AppError("VALIDATION_ERROR", 400, COMMON_PASSWORD, {
      fieldErrors: { [field]: [COMMON_PASSWORD] },
    });
  }
}

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

async function sendVerification(db: Database, user: SessionUser, now: Date): Promise<SendResult> {
  const token = await createEmailToken(db, user.id, "verify_email", now);
  const url = link("/api/auth/verify-email", token);
  return sendEmail(db, verificationEmail(user.email, user.name, url), url);
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

export async function registerAccount(
  db: Database,
  input: RegisterInput,
  now: Date,
): Promise<SignedIn & { emailSent: boolean }> {
  assertUncommon(input.password, "password");
  const passwordHash = await hashPassword(input.password);
  let user: SessionUser;
  try {
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name ?? null, passwordHash, createdAt: now })
        .returning(userColumns);
      await grantSignupCredits(tx, created!.id, now);
      return created!;
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new AppError("VALIDATION_ERROR", 409, "An account with this email already exists.", {
        fieldErrors: { email: ["An account with this email already exists."] },
      });
    }
    throw error;
  }
  const sent = await sendVerification(db, user, now);
  const { token, session } = await createSession(db, user.id, now);
  return { user, token, expiresAt: session.expiresAt, emailSent: sent.ok };
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
  if (!row || !valid) throw new AppError("UNAUTHORIZED", 401, INVALID_CREDENTIALS);
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
    await sendEmail(db, passwordResetEmail(user.email, user.name, url), url);
  })().catch((error: unknown) => getLogger().error({ err: error }, "password reset e-mail failed"));
}

/** Sets a new password from a reset link and signs the account out everywhere. */
export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  now: Date,
): Promise<void> {
  assertUncommon(newPassword, "newPassword");
  const passwordHash = await hashPassword(newPassword);
  const userId = await consumeEmailToken(db, token, "reset_password", now);
  if (!userId) throw new AppError("VALIDATION_ERROR", 400, INVALID_RESET_TOKEN);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await invalidateUserSessions(db, userId);
}

export type ResendOutcome = "sent" | "failed" | "not-needed";

/** Sends a new verification link to an unverified account; says nothing about others. */
export async function resendVerification(
  db: Database,
  email: string,
  now: Date,
): Promise<ResendOutcome> {
  const [user] = await db.select(userColumns).from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.emailVerified) return "not-needed";
  return (await sendVerification(db, user, now)).ok ? "sent" : "failed";
}

export async function verifyEmailToken(db: Database, token: string, now: Date): Promise<boolean> {
  const userId = await consumeEmailToken(db, token, "verify_email", now);
  return userId !== null && (await verifyAccount(db, userId, now));
}

/** Accounts still unverified 24 hours after registration are deleted (spec §4). */
export async function deleteUnverifiedAccounts(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(
      and(eq(users.emailVerified, false), lt(users.createdAt, new Date(now.getTime() - DAY_MS))),
    )
    .returning({ id: users.id });
  return deleted.length;
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
