import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import type { ApiKey } from "#shared/api/api-keys.ts";
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, MAX_API_KEYS } from "#shared/api-keys.ts";
import { isUuid } from "#shared/format.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import { MINUTE_MS } from "#server/clock.ts";
import type { Database } from "#server/db/index.ts";
import { apiKeys } from "#server/db/key-tables.ts";
import { users } from "#server/db/schema.ts";
import { failure } from "#server/errors.ts";
import { generateRandomToken, hashSecret } from "#server/tokens.ts";

/**
 * API keys (issue 29): this module owns the `api_keys` table. A key is `atg_` and 256
 * random bits in base32; the database keeps its SHA-256 alone, so the key is shown once.
 */

const SECRET_BYTES = 32;
/** `atg_` and base32 of 32 bytes: 52 characters. */
const WELL_FORMED_KEY = new RegExp(`^${API_KEY_PREFIX}[a-z2-7]{52}$`);
/** A key's last use is written at most this often: its list shows it to the minute. */
const LAST_USED_WRITE_INTERVAL_MS = MINUTE_MS;

/** Whether a bearer token is meant as an API key (its prefix), well formed or not. */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

const active = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

/** The account's active keys, newest first. */
export async function listApiKeys(db: Database, userId: string): Promise<ApiKey[]> {
  const rows = await db
    .select(columns)
    .from(apiKeys)
    .where(active(userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/**
 * A new key for a verified account: 403 for an unverified one, 400 (`apiKeyLimit`) past
 * MAX_API_KEYS active keys. The account row is locked first, so that two keys made at once
 * cannot both take the last place. The whole key is returned this once.
 */
export async function createApiKey(
  db: Database,
  user: Pick<SessionUser, "id" | "emailVerified">,
  name: string,
  now: Date,
): Promise<{ key: ApiKey; secret: string }> {
  if (!user.emailVerified) throw failure("EMAIL_NOT_VERIFIED", "apiKeyUnverified");
  const secret = `${API_KEY_PREFIX}${generateRandomToken(SECRET_BYTES)}`;
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [kept] = await tx.select({ n: count() }).from(apiKeys).where(active(user.id));
    if ((kept?.n ?? 0) >= MAX_API_KEYS) throw failure("VALIDATION_ERROR", "apiKeyLimit");
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: user.id,
        name,
        prefix: secret.slice(0, API_KEY_SHOWN_CHARS),
        secretHash: hashSecret(secret),
        createdAt: now,
      })
      .returning(columns);
    return { key: toApiKey(row!), secret };
  });
}

/** Revokes one of the account's active keys at once, on every instance; false when none. */
export async function revokeApiKey(
  db: Database,
  userId: string,
  keyId: string,
  now: Date,
): Promise<boolean> {
  if (!isUuid(keyId)) return false;
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), active(userId)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}

/** Who a key acts for, and which key it is. */
export interface ApiKeyCaller {
  keyId: string;
  user: SessionUser;
}

/**
 * The account behind an active key, read from the database on every request (decision
 * 061), so a revoked key is refused everywhere at once; null for a malformed, unknown or
 * revoked key alike. The key's 256 random bits make its hash the lookup itself. Its last
 * use is written at most once a minute, by an update that only one of many requests makes.
 */
export async function findApiKeyCaller(
  db: Database,
  token: string,
  now: Date,
): Promise<ApiKeyCaller | null> {
  if (!WELL_FORMED_KEY.test(token)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      lastUsedAt: apiKeys.lastUsedAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      },
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, hashSecret(token)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const due = new Date(now.getTime() - LAST_USED_WRITE_INTERVAL_MS);
  if (row.lastUsedAt === null || row.lastUsedAt < due) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, due))),
      );
  }
  return { keyId: row.keyId, user: row.user };
}
