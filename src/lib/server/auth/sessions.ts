import { eq, lt, or, sql } from "drizzle-orm";
import { DAY_MS, HOUR_MS } from "#server/clock.ts";
import type { Database } from "#server/db/index.ts";
import { setBounded } from "#server/bounded-map.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { sessions, users } from "#server/db/schema.ts";
import {
  constantTimeEqualHex,
  generateRandomToken,
  hashSecret,
  isWellFormedToken,
} from "./tokens.ts";

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
  db: Database,
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

/**
 * A token shaped like createSession's whose session was never stored: what a registration
 * for a taken address answers with, so that the answer looks like a new account's while
 * nobody is signed in (decision 058).
 */
export function unissuedSession(now: Date): { token: string; expiresAt: Date } {
  return {
    token: `${generateRandomToken()}.${generateRandomToken()}`,
    expiresAt: expiresAt(now, now),
  };
}

/** `id.secret`, both parts as generateRandomToken writes them. */
export function isWellFormedSessionToken(token: string): boolean {
  const [id, secret, extra] = token.split(".");
  return isWellFormedToken(id) && isWellFormedToken(secret) && extra === undefined;
}

/** Every signed-in request reads its session. */
const sessionLookup = preparedPerDatabase((db) =>
  db
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
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("session_lookup"),
);

/**
 * Sessions this process has validated lately, so that a signed-in request sends no
 * statement for its session (issue 11, item 3; decision 042). An entry lives
 * SESSION_CACHE_MS at most: this process forgets it at once on logout, password change,
 * verification and deletion; another instance's change reaches it within that time.
 */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_LIMIT = 10_000;

interface CachedSession {
  secretHash: string;
  createdAt: Date;
  lastUsedAt: Date;
  user: SessionUser;
  readAt: number;
}

interface SessionCache {
  entries: Map<string, CachedSession>;
  /** Bumped by every forget: a read that began before one may not fill the cache. */
  epoch: number;
}

const sessionCaches = new WeakMap<Database, SessionCache>();

function sessionCache(db: Database): SessionCache {
  let cache = sessionCaches.get(db);
  if (!cache) sessionCaches.set(db, (cache = { entries: new Map(), epoch: 0 }));
  return cache;
}

function cachedSession(cache: SessionCache, id: string, now: Date): CachedSession | undefined {
  const entry = cache.entries.get(id);
  if (!entry) return undefined;
  const age = now.getTime() - entry.readAt;
  if (age >= 0 && age < SESSION_CACHE_MS) return entry;
  cache.entries.delete(id);
  return undefined;
}

/** Every forget goes through here, so that none can miss the epoch. */
function forget(db: Database, drop: (entries: Map<string, CachedSession>) => void): void {
  const cache = sessionCache(db);
  cache.epoch++;
  drop(cache.entries);
}

/** This process forgets a user's cached sessions (their account or sessions changed). */
export function forgetCachedSessions(db: Database, userIds: Iterable<string>): void {
  const forgotten = new Set(userIds);
  forget(db, (entries) => {
    for (const [id, entry] of entries) {
      if (forgotten.has(entry.user.id)) entries.delete(id);
    }
  });
}

export async function validateSessionToken(
  db: Database,
  token: string,
  now: Date,
): Promise<SessionValidation> {
  if (!isWellFormedSessionToken(token)) return null;
  const [id, secret] = token.split(".") as [string, string];

  const cache = sessionCache(db);
  const epoch = cache.epoch;
  const cached = cachedSession(cache, id, now);
  let entry = cached;
  if (!entry) {
    const [row] = await sessionLookup(db).execute({ id });
    if (!row) return null;
    entry = { ...row, readAt: now.getTime() };
  }
  if (!constantTimeEqualHex(entry.secretHash, hashSecret(secret))) return null;
  // A full cache drops the entry read longest ago.
  if (!cached && cache.epoch === epoch) setBounded(cache.entries, id, entry, SESSION_CACHE_LIMIT);

  if (now.getTime() >= expiresAt(entry.createdAt, entry.lastUsedAt).getTime()) {
    cache.entries.delete(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - entry.lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS) {
    entry.lastUsedAt = now;
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
  }
  return {
    session: {
      id,
      userId: entry.user.id,
      createdAt: entry.createdAt,
      lastUsedAt: entry.lastUsedAt,
      expiresAt: expiresAt(entry.createdAt, entry.lastUsedAt),
    },
    user: entry.user,
  };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  forget(db, (entries) => entries.delete(sessionId));
}

export async function invalidateUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  forgetCachedSessions(db, [userId]);
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
