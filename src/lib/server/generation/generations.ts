import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { GenerationRequest, HistoryItem } from "#shared/schemas/generation.ts";
import { DAY_MS } from "#server/clock.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { generations, guests } from "#server/db/schema.ts";

/**
 * The `generations` table, its whole life (STYLE: one owner per table): a pending row
 * with its lease, settled or failed, listed and deleted as history, moved to a new account.
 */

/** DESIGN §4: at most 10 guest generations per client address per 24 h, across guest ids. */
export const GUEST_GENERATIONS_PER_ADDRESS = 10;

/** Advisory-lock namespace for the per-address guest cap. */
const GUEST_ADDRESS_LOCK = 7_240_003;

/** Guest generations from one address in the last 24 hours. */
export async function guestGenerationsFromAddress(
  db: Pick<Database, "select">,
  addressHash: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(
      and(
        eq(generations.addressHash, addressHash),
        sql`${generations.guestId} is not null`,
        // Template drafts are free, and no guest's trial text.
        sql`${generations.cost} > 0`,
        sql`${generations.createdAt} > ${new Date(now.getTime() - DAY_MS)}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Whether a guest's address may start another generation. Takes a transaction-scoped lock
 * on the address first, so parallel guests of one address cannot race past the cap.
 */
export async function guestAddressHasRoom(
  tx: Transaction,
  addressHash: string,
  now: Date,
): Promise<boolean> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${GUEST_ADDRESS_LOCK}, hashtext(${addressHash}))`,
  );
  return (await guestGenerationsFromAddress(tx, addressHash, now)) < GUEST_GENERATIONS_PER_ADDRESS;
}

/** A pending generation, leased until `leaseExpiresAt`. */
export async function createPendingGeneration(
  tx: Transaction,
  owner: CreditOwner,
  request: GenerationRequest,
  cost: number,
  now: Date,
  leaseExpiresAt: Date,
): Promise<string> {
  const [row] = await tx
    .insert(generations)
    .values({
      ...(owner.kind === "user" ? { userId: owner.userId } : { guestId: owner.guestId }),
      subject: request.subject,
      content: request.content,
      tone: request.tone,
      language: request.language,
      contentType: request.contentType,
      length: request.length ?? null,
      cost,
      status: "pending",
      addressHash: owner.kind === "guest" ? owner.addressHash : null,
      leaseExpiresAt,
      createdAt: now,
    })
    .returning({ id: generations.id });
  return row!.id;
}

/** A template draft, done at once and free (DESIGN §5). */
export async function saveTemplateDraft(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  text: string,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(generations)
    .values({
      ...(owner.kind === "user" ? { userId: owner.userId } : { guestId: owner.guestId }),
      subject: request.subject,
      content: request.content,
      tone: request.tone,
      language: request.language,
      contentType: request.contentType,
      length: request.length,
      cost: 0,
      status: "done",
      generatedContent: text,
      modelUsed: "local",
      addressHash: owner.kind === "guest" ? owner.addressHash : null,
      createdAt: now,
      finishedAt: now,
    })
    .returning({ id: generations.id });
  return row!.id;
}

/** A running generation keeps its reservation; false once it is no longer pending. */
export async function renewLease(
  db: Database,
  generationId: string,
  leaseExpiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ leaseExpiresAt })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** Marks a generation done with its text; false when it is no longer pending (refunded). */
export async function settleGeneration(
  db: Database,
  generationId: string,
  result: { content: string; modelUsed: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({
      status: "done",
      generatedContent: result.content,
      modelUsed: result.modelUsed,
      finishedAt: now,
      leaseExpiresAt: null,
    })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/**
 * pending → failed, once: returns who paid and how much, for the refund in the same
 * transaction, or null when the generation was no longer pending (already settled or
 * refunded), so asking twice refunds once.
 */
export async function failPendingGeneration(
  tx: Transaction,
  generationId: string,
  reason: string,
  now: Date,
): Promise<{ owner: CreditOwner; cost: number } | null> {
  const [failed] = await tx
    .update(generations)
    .set({
      status: "failed",
      failureReason: reason.slice(0, 200),
      finishedAt: now,
      leaseExpiresAt: null,
    })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .returning({
      cost: generations.cost,
      userId: generations.userId,
      guestId: generations.guestId,
      addressHash: generations.addressHash,
    });
  if (!failed) return null;
  // Pending rows never move between owners: a guest's row is still the guest's.
  const owner: CreditOwner = failed.userId
    ? { kind: "user", userId: failed.userId }
    : { kind: "guest", guestId: failed.guestId!, addressHash: failed.addressHash ?? "" };
  return { owner, cost: failed.cost };
}

/** Pending generations whose lease lapsed: their process is gone (DESIGN §4). */
export async function expiredReservations(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.status, "pending"), lt(generations.leaseExpiresAt, now)))
    .limit(500);
  return rows.map((row) => row.id);
}

/** A signed-in user's finished texts, newest first (GET /api/email/my). */
export async function listHistory(
  db: Database,
  userId: string,
  limit = 100,
): Promise<HistoryItem[]> {
  const rows = await db
    .select({
      id: generations.id,
      subject: generations.subject,
      contentType: generations.contentType,
      language: generations.language,
      createdAt: generations.createdAt,
      generatedContent: generations.generatedContent,
      modelUsed: generations.modelUsed,
    })
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.status, "done")))
    .orderBy(desc(generations.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    contentType: row.contentType || "email",
    generatedContent: row.generatedContent ?? "",
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Deletes one of the caller's own texts; another user's id is "not found". */
export async function deleteHistoryItem(
  db: Database,
  userId: string,
  generationId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(generations)
    .where(
      and(
        eq(generations.id, generationId),
        eq(generations.userId, userId),
        eq(generations.status, "done"),
      ),
    )
    .returning({ id: generations.id });
  return deleted.length > 0;
}

/**
 * DESIGN §5: a guest who registers from the same browser finds the trial texts in the new
 * account. Runs in the registration's transaction, so an account never exists without them.
 */
export async function moveGuestHistory(
  tx: Transaction,
  guestId: string,
  userId: string,
): Promise<number> {
  const [guest] = await tx
    .update(guests)
    .set({ claimedByUserId: userId })
    .where(and(eq(guests.id, guestId), isNull(guests.claimedByUserId)))
    .returning({ id: guests.id });
  if (!guest) return 0;
  const moved = await tx
    .update(generations)
    .set({ userId })
    .where(and(eq(generations.guestId, guestId), eq(generations.status, "done")))
    .returning({ id: generations.id });
  return moved.length;
}
