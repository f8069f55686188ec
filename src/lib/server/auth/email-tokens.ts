import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { DAY_MS } from "#server/clock.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { emailTokens } from "#server/db/schema.ts";
import { generateRandomToken, hashSecret } from "#server/tokens.ts";

export type EmailTokenPurpose = "verify_email" | "reset_password";

/** Verification and reset links live 24 hours and work once (DESIGN §3). */
export const EMAIL_TOKEN_TTL_MS = DAY_MS;

/** Issues a token for a link; earlier unused tokens of the same purpose stop working. */
export async function createEmailToken(
  db: Database | Transaction,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = generateRandomToken(32);
  await db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailTokens.userId, userId),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
        ),
      );
    await tx.insert(emailTokens).values({
      userId,
      purpose,
      tokenHash: hashSecret(token),
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
      createdAt: now,
    });
  });
  return token;
}

/**
 * Uses a token up: one conditional UPDATE, so two clicks on one link cannot both win.
 * Returns the user's id, or null for an unknown, used or expired token.
 */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashSecret(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export async function deleteStaleEmailTokens(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(emailTokens)
    .where(
      or(lt(emailTokens.expiresAt, now), lt(emailTokens.usedAt, new Date(now.getTime() - DAY_MS))),
    )
    .returning({ id: emailTokens.id });
  return deleted.length;
}
