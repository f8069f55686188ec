import { eq, lt, or } from "drizzle-orm";
import { DAY_MS, HOUR_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { sessions, users } from "#server/db/schema.ts";
import {
  constantTimeEqualHex,
  generateRandomToken,
  hashSecret,
  isWellFormedToken,
} from "#server/tokens.ts";

/** DESIGN §3: 30 days without use, 90 days at most, last use written at most hourly. */
export const SESSION_INACTIVITY_MS = 30 * DAY_MS;
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;
const LAST_USED_WRITE_INTERVAL_MS = HOUR_MS;

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  createdAt: Date;
}

export interface Session {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export type SessionValidation = { session: Session; user: SessionUser } | null;

function expiresAt(createdAt: Date, lastUsedAt: Date): Date {
  return new Date(
    Math.min(
      lastUsedAt.getTime() + SESSION_INACTIVITY_MS,
      createdAt.getTime() + SESSION_MAX_AGE_MS,
    ),
  );
}

/** A new session; the token `id.secret` is returned once and only its hash is stored. */
export async function createSession(
  db: Database | Transaction,
  userId: string,
  now: Date,
): Promise<{ token: string; session: Session }> {
  const id = generateRandomToken();
  const secret = generateRandomToken();
  await db
    .insert(sessions)
    .values({ id, userId, secretHash: hashSecret(secret), createdAt: now, lastUsedAt: now });
  return {
    token: `${id}.${secret}`,
    session: { id, userId, createdAt: now, lastUsedAt: now, expiresAt: expiresAt(now, now) },
  };
}

/** A token or cookie that names no live session: sign in again. */
export function sessionExpired(): AppError {
  return new AppError("UNAUTHORIZED", "Your session has expired. Please log in again.");
}

/** `id.secret`, both parts as generateRandomToken writes them. */
export function isWellFormedSessionToken(token: string): boolean {
  const [id, secret, extra] = token.split(".");
  return isWellFormedToken(id) && isWellFormedToken(secret) && extra === undefined;
}

/** Every signed-in request reads its session and its user: one indexed query. */
function sessionLookup(db: Database, id: string) {
  return db
    .select({
      secretHash: sessions.secretHash,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
}

export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionValidation> {
  if (!isWellFormedSessionToken(token)) return null;
  const [id, secret] = token.split(".") as [string, string];

  const [row] = await sessionLookup(db, id);
  if (!row || !constantTimeEqualHex(row.secretHash, hashSecret(secret))) return null;

  if (now.getTime() >= expiresAt(row.createdAt, row.lastUsedAt).getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let lastUsedAt = row.lastUsedAt;
  if (now.getTime() - lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS) {
    lastUsedAt = now;
    await db.update(sessions).set({ lastUsedAt }).where(eq(sessions.id, id));
  }
  return {
    session: {
      id,
      userId: row.user.id,
      createdAt: row.createdAt,
      lastUsedAt,
      expiresAt: expiresAt(row.createdAt, lastUsedAt),
    },
    user: row.user,
  };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Removes sessions past either limit; run by the cleanup job. */
export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_INACTIVITY_MS)),
        lt(sessions.createdAt, new Date(now.getTime() - SESSION_MAX_AGE_MS)),
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}
