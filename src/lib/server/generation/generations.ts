import { and, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { RefineAction } from "#shared/generation.ts";
import type { GenerationRequest, PassageRange } from "#shared/schemas/generation.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { WRITER_STOPPED, generations, guests, users } from "#server/db/schema.ts";
import { fileNewText } from "#server/folders/folders.ts";

/**
 * A generation's row from pending to settled: written with its lease, settled, stopped or
 * failed, and a finished text found again to refine. Only this folder writes the
 * `generations` table (STYLE: one owner per table); the rest of its life is beside this
 * file: versions saved by hand (edited-versions.ts), the history read back and deleted
 * (history.ts), a guest's texts listed and moved to a new account (guest-texts.ts).
 */

/** Advisory-lock namespace for the texts one owner has in flight. */
const OWNER_TEXTS_LOCK = 7_240_004;

/**
 * The owner's texts being written now (pending, lease alive: a crashed process's lapsed
 * ones are the reconciler's), after a transaction-scoped lock on the owner, so that two
 * tabs starting at once cannot both pass the bound. Pending rows are few at any time.
 */
export async function ownerTextsInFlight(
  tx: Transaction,
  owner: CreditOwner,
  now: Date,
): Promise<number> {
  const key = owner.kind === "user" ? owner.userId : owner.guestId;
  await tx.execute(sql`select pg_advisory_xact_lock(${OWNER_TEXTS_LOCK}, hashtext(${key}))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(generations)
    .where(
      and(
        eq(generations.status, "pending"),
        ownedBy(owner),
        sql`${generations.leaseExpiresAt} > ${now}`,
      ),
    );
  return row?.count ?? 0;
}

/** Where a refinement or a variant comes from: its parent, and the first text of that line. */
export interface Lineage {
  parentId: string;
  rootId: string;
  /** A refinement's action, "edited" for a version changed by hand, null for a variant. */
  refinement: RefineAction | "edited" | null;
  /** An `instruction` refinement's words. */
  instruction?: string | null;
  /** A passage change: the range of the parent's text it replaced. */
  passage?: PassageRange | null;
}

/** The columns every new row takes from its request, its owner and its lineage. */
export function newRow(owner: CreditOwner, request: GenerationRequest, lineage: Lineage | null) {
  return {
    ...(owner.kind === "user" ? { userId: owner.userId } : { guestId: owner.guestId }),
    subject: request.subject,
    content: request.content,
    tone: request.tone,
    language: request.language,
    contentType: request.contentType,
    length: request.length,
    variant: request.variant,
    parentId: lineage?.parentId ?? null,
    rootId: lineage?.rootId ?? null,
    refinement: lineage?.refinement ?? null,
    instruction: lineage?.instruction ?? null,
    passageStart: lineage?.passage?.start ?? null,
    passageEnd: lineage?.passage?.end ?? null,
    useCase: request.useCase ?? null,
    // A template's placeholders' values (issue 28) are kept as a use case's are.
    fields: request.useCase ? (request.fields ?? {}) : (request.fields ?? null),
    voiceId: request.voiceId ?? null,
    addressHash: owner.addressHash ?? null,
    apiKeyId: (owner.kind === "user" ? owner.apiKeyId : undefined) ?? null,
  };
}

/** One of the owner's finished texts, to refine; null when there is no such text of theirs. */
export async function findFinishedText(
  db: Database | Transaction,
  owner: CreditOwner,
  generationId: string,
): Promise<{
  id: string;
  rootId: string | null;
  text: string;
  modelUsed: string | null;
  request: Omit<GenerationRequest, "variant" | "refine">;
  /** Which version of its request it is (regenerate), and how it was made from its parent. */
  variant: number;
  refinement: string | null;
} | null> {
  const [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.status, "done"), ownedBy(owner)));
  if (!row) return null;
  return {
    id: row.id,
    rootId: row.rootId,
    text: row.generatedContent ?? "",
    modelUsed: row.modelUsed,
    request: {
      subject: row.subject,
      content: row.content,
      tone: row.tone as GenerationRequest["tone"],
      language: row.language as GenerationRequest["language"],
      contentType: row.contentType as GenerationRequest["contentType"],
      length: (row.length ?? "medium") as GenerationRequest["length"],
      ...(row.useCase ? { useCase: row.useCase } : {}),
      ...(row.useCase || row.fields ? { fields: row.fields ?? {} } : {}),
    },
    variant: row.variant,
    refinement: row.refinement,
  };
}

/**
 * Regenerate's lineage: another version of one of the owner's finished texts, kept under
 * that text's original as its refinements are. Null when there is no such text of theirs.
 */
export async function variantLineage(
  db: Database,
  owner: CreditOwner,
  generationId: string,
): Promise<Lineage | null> {
  const [row] = await db
    .select({ id: generations.id, rootId: generations.rootId })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.status, "done"), ownedBy(owner)));
  return row ? { parentId: row.id, rootId: row.rootId ?? row.id, refinement: null } : null;
}

/** A pending generation, leased until `leaseExpiresAt`. */
export async function createPendingGeneration(
  tx: Transaction,
  owner: CreditOwner,
  request: GenerationRequest,
  lineage: Lineage | null,
  cost: number,
  now: Date,
  leaseExpiresAt: Date,
): Promise<string> {
  const [row] = await tx
    .insert(generations)
    .values({
      ...newRow(owner, request, lineage),
      cost,
      status: "pending",
      leaseExpiresAt,
      createdAt: now,
    })
    .returning({ id: generations.id });
  if (!lineage) await fileNewText(tx, owner, request.folderId, row!.id);
  return row!.id;
}

/** A template draft, done at once and free (DESIGN §5). */
export async function saveTemplateDraft(
  db: Database | Transaction,
  owner: CreditOwner,
  request: GenerationRequest,
  text: string,
  now: Date,
  lineage: Lineage | null = null,
): Promise<{ generationId: string; credits: number }> {
  // The owner's balance comes back with the row: the answer shows it, and a draft is free.
  const credits =
    owner.kind === "user"
      ? sql<number>`(select ${users.credits} from ${users} where ${users.id} = ${owner.userId})`
      : sql<number>`(select ${guests.credits} from ${guests} where ${guests.id} = ${owner.guestId})`;
  const save = async (tx: Database | Transaction) => {
    const [row] = await tx
      .insert(generations)
      .values({
        ...newRow(owner, request, lineage),
        cost: 0,
        status: "done",
        generatedContent: text,
        modelUsed: "local",
        createdAt: now,
        finishedAt: now,
      })
      .returning({ id: generations.id, credits });
    return row!;
  };
  // A draft written from a folder is filed with the row that keeps it.
  const row =
    request.folderId && !lineage
      ? await db.transaction(async (tx) => {
          const saved = await save(tx);
          await fileNewText(tx, owner, request.folderId, saved.id);
          return saved;
        })
      : await save(db);
  return { generationId: row.id, credits: row.credits ?? 0 };
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

/** The rows of this owner's, as a condition (a guest's only while no account took them). */
export function ownedBy(owner: CreditOwner): SQL | undefined {
  return owner.kind === "user"
    ? eq(generations.userId, owner.userId)
    : and(eq(generations.guestId, owner.guestId), isNull(generations.userId));
}

/**
 * Marks a finished generation done with its text: "gone" when it is no longer pending (the
 * reconciler refunded it). A Stop recorded after the writer's last word does not change a
 * finished text into a stopped one (decision 056).
 */
export async function settleGeneration(
  db: Database,
  generationId: string,
  result: { content: string; modelUsed: string },
  now: Date,
): Promise<"settled" | "gone"> {
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
  return rows.length > 0 ? "settled" : "gone";
}

/**
 * pending → done at a price set by what was written, once: a stopped text (the words that
 * reached the client, and who ended it) or a finished passage change (decision 089). Returns who paid and what was reserved, for the refund of the rest in the
 * same transaction, or null when the generation was no longer pending.
 */
export async function settlePricedGeneration(
  tx: Transaction,
  generationId: string,
  settled: {
    content: string;
    cost: number;
    modelUsed: string;
    /** A stopped text: its words that reached the client, and whether its writer ended it. */
    stopped: { words: number; byWriter: boolean } | null;
  },
  now: Date,
): Promise<{ owner: CreditOwner; reserved: number } | null> {
  const [row] = await tx
    .select({ cost: generations.cost })
    .from(generations)
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .for("update");
  if (!row) return null;
  const { stopped } = settled;
  const [payer] = await tx
    .update(generations)
    .set({
      status: "done",
      generatedContent: settled.content,
      modelUsed: settled.modelUsed,
      stoppedWords: stopped?.words ?? null,
      // Not a failure of the text's: who ended it, for the panel and the credit activity.
      failureReason: stopped?.byWriter ? WRITER_STOPPED : null,
      cost: settled.cost,
      finishedAt: now,
      leaseExpiresAt: null,
    })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending")))
    .returning(payerColumns);
  return payer ? { owner: payerOf(payer), reserved: row.cost } : null;
}

/**
 * Stop, asked by the text's owner: recorded on the row, so that whichever instance writes
 * the text hears of it. False when the caller has no such text still being written.
 */
export async function requestCancel(
  db: Database,
  owner: CreditOwner,
  generationId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(generations)
    .set({ cancelRequestedAt: now })
    .where(and(eq(generations.id, generationId), eq(generations.status, "pending"), ownedBy(owner)))
    .returning({ id: generations.id });
  return rows.length > 0;
}

/** Which of these generations (written here) had Stop asked for, on any instance. */
export async function cancelRequested(db: Database, generationIds: string[]): Promise<string[]> {
  if (generationIds.length === 0) return [];
  const rows = await db
    .select({ id: generations.id })
    .from(generations)
    .where(
      and(
        inArray(generations.id, generationIds),
        eq(generations.status, "pending"),
        sql`${generations.cancelRequestedAt} is not null`,
      ),
    );
  return rows.map((row) => row.id);
}

const payerColumns = {
  userId: generations.userId,
  guestId: generations.guestId,
  addressHash: generations.addressHash,
};

/** Who paid for a pending row: pending rows never move between owners. */
function payerOf(row: {
  userId: string | null;
  guestId: string | null;
  addressHash: string | null;
}): CreditOwner {
  return row.userId
    ? { kind: "user", userId: row.userId }
    : { kind: "guest", guestId: row.guestId!, addressHash: row.addressHash ?? "" };
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
    .returning({ cost: generations.cost, ...payerColumns });
  if (!failed) return null;
  return { owner: payerOf(failed), cost: failed.cost };
}

/** A text still being written. */
const pending = eq(generations.status, "pending");

/** Pending generations whose lease lapsed: their process is gone (DESIGN §4). */
export async function expiredReservations(db: Database, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: generations.id })
    .from(generations)
    .where(and(pending, lt(generations.leaseExpiresAt, now)))
    .limit(500);
  return rows.map((row) => row.id);
}
