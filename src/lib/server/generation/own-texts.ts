import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Length } from "#shared/generation.ts";
import { ownTextTooLongMessage } from "#shared/failures.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import type { OwnTextRequest } from "#shared/schemas/own-text.ts";
import { deriveSubject } from "#shared/subject.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { generations } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { GUEST_BYTES_PER_NETWORK_PER_DAY, guestBytesToday } from "./edited-versions.ts";
import { newRow, ownedBy } from "./generations.ts";
import { historyColumns, historyTree } from "./history.ts";

/** Advisory-lock namespace for the own texts one owner keeps. */
const OWN_TEXTS_LOCK = 7_240_006;

/** What a person's own text is written as: no writer wrote it (the client says "Your text"). */
export const OWN_TEXT_WRITER = "own";

/**
 * 400 for a person's text past MAX_OWN_TEXT_CHARS, in `field`: the answer names the count
 * and carries it (`characters`, `limit`), so the person knows how much to cut.
 */
export function ownTextTooLong(characters: number, field: string): AppError {
  const message = ownTextTooLongMessage(characters);
  return new AppError("VALIDATION_ERROR", message, {
    reason: "ownTextTooLong",
    fieldErrors: { [field]: [message] },
    fieldReasons: { [field]: ["ownTextTooLong"] },
    extra: { characters, limit: MAX_OWN_TEXT_CHARS },
  });
}

/**
 * The length an own text is kept as: the one whose token budget (prompts.ts TOKEN_BUDGET:
 * 400, 900, 2,000) can write the whole text back when it is rewritten, at a cautious three
 * characters a token (Turkish takes more tokens than English).
 */
export function ownTextLength(text: string): Length {
  if (text.length <= 1_000) return "short";
  if (text.length <= 2_400) return "medium";
  return "long";
}

/**
 * "Start from my text" (issue 26): a person's own text kept as a finished, free, top-level
 * text written by no writer (`modelUsed: "own"`), so that every refinement, passage change,
 * edit and export works on it. Stored once: the same text this owner already keeps as an
 * own text (a double click, a retry) is answered with that row, and nothing is written.
 * Guests' bytes count in their network's daily budget, as edits do.
 */
export async function saveOwnText(
  db: Database,
  owner: CreditOwner,
  request: OwnTextRequest,
  now: Date,
): Promise<{ generationId: string; created: boolean; item: HistoryItem } | "networkFull"> {
  const { text } = request;
  const saved = await db.transaction(async (tx) => {
    const key = owner.kind === "user" ? owner.userId : owner.guestId;
    await tx.execute(sql`select pg_advisory_xact_lock(${OWN_TEXTS_LOCK}, hashtext(${key}))`);
    const [kept] = await tx
      .select({ id: generations.id })
      .from(generations)
      .where(
        and(
          ownedBy(owner),
          isNull(generations.rootId),
          eq(generations.status, "done"),
          eq(generations.modelUsed, OWN_TEXT_WRITER),
          sql`octet_length(${generations.generatedContent}) = ${Buffer.byteLength(text)}`,
          eq(generations.generatedContent, text),
        ),
      )
      .orderBy(asc(generations.createdAt))
      .limit(1);
    if (kept) return { generationId: kept.id, created: false };
    if (
      owner.kind === "guest" &&
      (await guestBytesToday(tx, owner.addressHash, now)) + Buffer.byteLength(text) >
        GUEST_BYTES_PER_NETWORK_PER_DAY
    ) {
      return "networkFull" as const;
    }
    const [row] = await tx
      .insert(generations)
      .values({
        ...newRow(
          owner,
          {
            subject: deriveSubject(text),
            content: "",
            tone: "standard",
            language: request.language,
            contentType: request.contentType,
            length: ownTextLength(text),
            variant: 1,
          },
          null,
        ),
        generatedContent: text,
        modelUsed: OWN_TEXT_WRITER,
        cost: 0,
        status: "done",
        createdAt: now,
        finishedAt: now,
      })
      .returning({ id: generations.id });
    return { generationId: row!.id, created: true };
  });
  if (saved === "networkFull") return saved;
  return { ...saved, item: await ownTextItem(db, owner, saved.generationId) };
}

/** The kept own text as the history lists it, with any versions made from it. */
async function ownTextItem(db: Database, owner: CreditOwner, id: string): Promise<HistoryItem> {
  const rows = await db
    .select(historyColumns)
    .from(generations)
    .where(and(ownedBy(owner), eq(generations.status, "done"), eq(generations.id, id)));
  const children = await db
    .select(historyColumns)
    .from(generations)
    .where(and(ownedBy(owner), eq(generations.status, "done"), eq(generations.rootId, id)))
    .orderBy(asc(generations.createdAt), asc(generations.id));
  const [item] = await historyTree(db, rows, children);
  return item!;
}
