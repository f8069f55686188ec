import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { MAX_EDITS_PER_TEXT } from "#shared/generation.ts";
import { DAY_MS } from "#server/clock.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { generations } from "#server/db/schema.ts";
import { failure, type AppError } from "#server/errors.ts";
import { findFinishedText, newRow, ownedBy, type Lineage } from "./generations.ts";

/** Advisory-lock namespace for the edits saved to one text. */
const TEXT_EDITS_LOCK = 7_240_005;

/** What guests of one network may store a day, texts and edits together (issue 24). */
export const GUEST_BYTES_PER_NETWORK_PER_DAY = 2 * 1024 * 1024;

/** A day's guests' texts and edits on one network are counted over the last 24 hours. */
const GUEST_NETWORK_RETRY_SECONDS = 60 * 60;

/** 429: the guests of this network stored as much as a day allows (an edit, one's own text). */
export function guestNetworkFull(
  reason: "editsGuestNetworkFull" | "ownTextGuestNetworkFull",
): AppError {
  return failure("RATE_LIMITED", reason, {
    headers: { "Retry-After": String(GUEST_NETWORK_RETRY_SECONDS) },
    extra: { retryAfter: GUEST_NETWORK_RETRY_SECONDS },
  });
}

/** Why an edit was not kept: the text has all the edits it keeps, or the guests' network its day's bytes. */
export type EditRefusal = "textFull" | "networkFull";

/**
 * A version changed by hand (Edit → Save): a new, finished, free row under the version it
 * was made from, labelled "edited", written by the same writer. Stored once per content:
 * a text that one of the same text's versions already holds (an unchanged save, a double
 * click, a retry) is answered with that version, and nothing is written. Under a lock on
 * the text, so that two tabs saving at once neither write the same edit twice nor pass
 * the ceiling. Null when the caller has no such finished text.
 */
export async function saveEditedVersion(
  db: Database,
  owner: CreditOwner,
  parentId: string,
  text: string,
  now: Date,
): Promise<{ generationId: string; rootId: string; created: boolean } | EditRefusal | null> {
  return db.transaction(async (tx) => {
    const parent = await findFinishedText(tx, owner, parentId);
    if (!parent) return null;
    const rootId = parent.rootId ?? parent.id;
    await tx.execute(sql`select pg_advisory_xact_lock(${TEXT_EDITS_LOCK}, hashtext(${rootId}))`);
    const sameText = and(
      or(eq(generations.id, rootId), eq(generations.rootId, rootId)),
      eq(generations.status, "done"),
      ownedBy(owner),
      sql`octet_length(${generations.generatedContent}) = ${Buffer.byteLength(text)}`,
      eq(generations.generatedContent, text),
    );
    const [kept] = await tx
      .select({ id: generations.id })
      .from(generations)
      .where(sameText)
      .orderBy(asc(generations.createdAt))
      .limit(1);
    if (kept) return { generationId: kept.id, rootId, created: false };
    if ((await editsOf(tx, rootId)) >= MAX_EDITS_PER_TEXT) return "textFull";
    if (
      owner.kind === "guest" &&
      (await guestBytesToday(tx, owner.addressHash, now)) + Buffer.byteLength(text) >
        GUEST_BYTES_PER_NETWORK_PER_DAY
    ) {
      return "networkFull";
    }
    const lineage: Lineage = { parentId: parent.id, rootId, refinement: "edited" };
    const [row] = await tx
      .insert(generations)
      .values({
        ...newRow(owner, { ...parent.request, variant: 1 }, lineage),
        generatedContent: text,
        modelUsed: parent.modelUsed,
        cost: 0,
        status: "done",
        createdAt: now,
        finishedAt: now,
      })
      .returning({ id: generations.id });
    return { generationId: row!.id, rootId, created: true };
  });
}

/** The versions saved by hand under one text. */
async function editsOf(tx: Transaction, rootId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(and(eq(generations.rootId, rootId), eq(generations.refinement, "edited")));
  return row?.count ?? 0;
}

/** The bytes of text that guests of one network stored in the last day. */
export async function guestBytesToday(
  tx: Transaction,
  addressHash: string,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({
      bytes: sql<number>`coalesce(sum(octet_length(${generations.generatedContent})), 0)::bigint`,
    })
    .from(generations)
    .where(
      and(
        eq(generations.addressHash, addressHash),
        isNull(generations.userId),
        sql`${generations.createdAt} > ${new Date(now.getTime() - DAY_MS)}`,
      ),
    );
  return Number(row?.bytes ?? 0);
}
