import { and, eq, lt, sql } from "drizzle-orm";
import { COST_PER_USE } from "../../shared/credits.ts";
import { DAY_MS, MINUTE_MS } from "../clock.ts";
import type { Database } from "../db/index.ts";
import { creditLedger, generations, guests, users } from "../db/schema.ts";
import { applyWeeklyGrant } from "./allowances.ts";

/** DESIGN §4: at most 10 guest generations per client address per 24 h, across guest ids. */
export const GUEST_GENERATIONS_PER_ADDRESS = 10;
/** A reservation still pending after this long is refunded by the reconciler. */
export const STALE_RESERVATION_MS = 5 * MINUTE_MS;

/** Advisory-lock namespace for the per-address guest cap. */
const GUEST_ADDRESS_LOCK = 7_240_003;

export type CreditOwner =
  { kind: "user"; userId: string } | { kind: "guest"; guestId: string; addressHash: string };

export interface GenerationDraft {
  subject: string;
  prompt: string;
  tone: string;
  language: string;
  contentType: string;
  length?: string | null;
}

export type ReserveResult =
  | { ok: true; generationId: string; credits: number }
  | { ok: false; reason: "insufficient"; isGuest: boolean };

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
        sql`${generations.createdAt} > ${new Date(now.getTime() - DAY_MS)}`,
      ),
    );
  return row?.count ?? 0;
}

/**
 * Takes 100 credits and opens a `pending` generation in one transaction. The debit is a
 * conditional UPDATE (`… WHERE credits >= 100`), so parallel requests can never spend
 * the same credits twice, and the CHECK constraint backs it up.
 */
export async function reserveCredits(
  db: Database,
  owner: CreditOwner,
  draft: GenerationDraft,
  now: Date,
): Promise<ReserveResult> {
  const cost = COST_PER_USE;
  if (owner.kind === "user") await applyWeeklyGrant(db, owner.userId, now);

  return db.transaction(async (tx) => {
    let remaining: number | undefined;
    if (owner.kind === "guest") {
      // Serialise guests of one address so that the cap cannot be raced past.
      await tx.execute(
        sql`select pg_advisory_xact_lock(${GUEST_ADDRESS_LOCK}, hashtext(${owner.addressHash}))`,
      );
      if (
        (await guestGenerationsFromAddress(tx, owner.addressHash, now)) >=
        GUEST_GENERATIONS_PER_ADDRESS
      ) {
        return { ok: false, reason: "insufficient", isGuest: true } as const;
      }
      const [row] = await tx
        .update(guests)
        .set({ credits: sql`${guests.credits} - ${cost}` })
        .where(and(eq(guests.id, owner.guestId), sql`${guests.credits} >= ${cost}`))
        .returning({ credits: guests.credits });
      remaining = row?.credits;
    } else {
      const [row] = await tx
        .update(users)
        .set({ credits: sql`${users.credits} - ${cost}` })
        .where(and(eq(users.id, owner.userId), sql`${users.credits} >= ${cost}`))
        .returning({ credits: users.credits });
      remaining = row?.credits;
    }
    if (remaining === undefined) {
      return { ok: false, reason: "insufficient", isGuest: owner.kind === "guest" } as const;
    }

    const ownerColumns =
      owner.kind === "user" ? { userId: owner.userId } : { guestId: owner.guestId };
    const [generation] = await tx
      .insert(generations)
      .values({
        ...ownerColumns,
        ...draft,
        length: draft.length ?? null,
        cost,
        status: "pending",
        addressHash: owner.kind === "guest" ? owner.addressHash : null,
        createdAt: now,
      })
      .returning({ id: generations.id });
    await tx.insert(creditLedger).values({
      ...ownerColumns,
      delta: -cost,
      reason: "generation",
      generationId: generation!.id,
      idempotencyKey: `generation:${generation!.id}`,
      createdAt: now,
    });
    return { ok: true, generationId: generation!.id, credits: remaining } as const;
  });
}

/** Marks a generation done with its text; false when it is no longer pending. */
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
    })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/**
 * Fails a pending generation and gives its credits back to whoever paid for it. The
 * pending → failed step happens once, and the refund's ledger key is unique, so asking
 * twice (a retry, the reconciler racing a late failure) refunds once.
 */
export async function refundGeneration(
  db: Database,
  generationId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [failed] = await tx
      .update(generations)
      .set({ status: "failed", failureReason: reason.slice(0, 200), finishedAt: now })
      .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
      .returning({ cost: generations.cost });
    if (!failed) return false;
    const [debit] = await tx
      .select({ userId: creditLedger.userId, guestId: creditLedger.guestId })
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `generation:${generationId}`));
    if (!debit) return false;
    if (debit.userId) {
      await tx
        .update(users)
        .set({ credits: sql`${users.credits} + ${failed.cost}` })
        .where(eq(users.id, debit.userId));
    } else if (debit.guestId) {
      await tx
        .update(guests)
        .set({ credits: sql`${guests.credits} + ${failed.cost}` })
        .where(eq(guests.id, debit.guestId));
    }
    await tx.insert(creditLedger).values({
      userId: debit.userId,
      guestId: debit.guestId,
      delta: failed.cost,
      reason: "refund",
      generationId,
      idempotencyKey: `refund:${generationId}`,
      createdAt: now,
    });
    return true;
  });
}

/** Refunds reservations a crashed or stuck process left pending (DESIGN §4). */
export async function reconcileStaleReservations(
  db: Database,
  now: Date,
  staleAfterMs = STALE_RESERVATION_MS,
): Promise<number> {
  const stale = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        eq(generations.status, "pending"),
        lt(generations.createdAt, new Date(now.getTime() - staleAfterMs)),
      ),
    )
    .limit(500);
  let refunded = 0;
  for (const { id } of stale) {
    if (await refundGeneration(db, id, "stale reservation", now)) refunded++;
  }
  return refunded;
}
