import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { InviteView } from "#shared/api/signup.ts";
import type { NewInvite } from "#shared/schemas/signup.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { signupInvites } from "#server/db/signup-tables.ts";
import { failure } from "#server/errors.ts";
import { generateRandomToken, hashSecret, isWellFormedToken } from "#server/tokens.ts";

/**
 * Invite links (issue 29, item 2): this module owns `signup_invites`. The token (160
 * random bits) is in the link only; the row keeps its SHA-256. A use is one conditional
 * UPDATE, so the last use goes to one registration however many race for it, on any
 * instance.
 */

type InviteRow = typeof signupInvites.$inferSelect;

/** The newest invites the console lists. */
const LISTED = 200;

function stateOf(row: InviteRow, now: Date): InviteView["state"] {
  if (row.revokedAt) return "revoked";
  if (row.uses >= row.maxUses) return "usedUp";
  if (row.expiresAt <= now) return "expired";
  return "active";
}

function toView(row: InviteRow, now: Date): InviteView {
  return {
    id: row.id,
    label: row.label,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdByEmail: row.createdByEmail,
    createdAt: row.createdAt.toISOString(),
    state: stateOf(row, now),
  };
}

/** A new invite and its token, which is not kept: the caller shows its link once. */
export async function createInvite(
  tx: Database | Transaction,
  input: NewInvite,
  operator: { id: string | null; email: string },
  now: Date,
): Promise<{ invite: InviteView; token: string }> {
  const token = generateRandomToken();
  const [row] = await tx
    .insert(signupInvites)
    .values({
      tokenHash: hashSecret(token),
      label: input.label,
      maxUses: input.maxUses,
      expiresAt: input.expiresAt,
      createdBy: operator.id,
      createdByEmail: operator.email,
      createdAt: now,
    })
    .returning();
  return { invite: toView(row!, now), token };
}

/** The newest invites first. */
export async function listInvites(db: Database, now: Date): Promise<InviteView[]> {
  const rows = await db
    .select()
    .from(signupInvites)
    .orderBy(desc(signupInvites.createdAt), desc(signupInvites.id))
    .limit(LISTED);
  return rows.map((row) => toView(row, now));
}

/**
 * Revokes an invite at once, for every instance; null for no such invite. `changed` is
 * false for one revoked before (nothing to record).
 */
export async function revokeInvite(
  tx: Database | Transaction,
  id: string,
  now: Date,
): Promise<{ invite: InviteView; changed: boolean } | null> {
  const [revoked] = await tx
    .update(signupInvites)
    .set({ revokedAt: now })
    .where(and(eq(signupInvites.id, id), isNull(signupInvites.revokedAt)))
    .returning();
  if (revoked) return { invite: toView(revoked, now), changed: true };
  const [row] = await tx.select().from(signupInvites).where(eq(signupInvites.id, id));
  return row ? { invite: toView(row, now), changed: false } : null;
}

/**
 * Counts one registration through the invite of `token`, and answers its id; a 403 that
 * says why when it admits nobody (unknown or revoked, expired, used up). The UPDATE's
 * condition is checked again on the row it locks, so two registrations on its last use
 * make one use, and the other is told it is used up.
 */
export async function useInvite(db: Database, token: string, now: Date): Promise<string> {
  if (!isWellFormedToken(token)) throw failure("FORBIDDEN", "signupInviteInvalid");
  const tokenHash = hashSecret(token);
  const [used] = await db
    .update(signupInvites)
    .set({ uses: sql`${signupInvites.uses} + 1` })
    .where(
      and(
        eq(signupInvites.tokenHash, tokenHash),
        isNull(signupInvites.revokedAt),
        gt(signupInvites.expiresAt, now),
        lt(signupInvites.uses, signupInvites.maxUses),
      ),
    )
    .returning({ id: signupInvites.id });
  if (used) return used.id;
  const [row] = await db.select().from(signupInvites).where(eq(signupInvites.tokenHash, tokenHash));
  const state = row ? stateOf(row, now) : "revoked";
  if (state === "usedUp") throw failure("FORBIDDEN", "signupInviteUsedUp");
  if (state === "expired") throw failure("FORBIDDEN", "signupInviteExpired");
  throw failure("FORBIDDEN", "signupInviteInvalid");
}

/** Gives back a use whose registration failed (a database error, a refused password). */
export async function giveInviteUseBack(db: Database, id: string): Promise<void> {
  await db
    .update(signupInvites)
    .set({ uses: sql`${signupInvites.uses} - 1` })
    .where(and(eq(signupInvites.id, id), gt(signupInvites.uses, 0)));
}
