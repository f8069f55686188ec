import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { generations, guests } from "#server/db/schema.ts";
import { finished, historyColumns, historyTree } from "./history.ts";

/** A guest's trial is a few texts; the newest of them are enough to find the one shown. */
export const GUEST_TEXTS_LIMIT = 10;

/**
 * A guest's finished top-level texts, newest first, each with its refinements oldest first
 * (GET /api/email/trial): what the result panel shows again after a reload (issue 43).
 * Texts an account took over on registering are no longer the guest's.
 */
export async function listGuestTexts(db: Database, guestId: string): Promise<HistoryItem[]> {
  const mine = and(eq(generations.guestId, guestId), isNull(generations.userId), finished);
  const roots = await db
    .select(historyColumns)
    .from(generations)
    .where(and(mine, isNull(generations.rootId)))
    .orderBy(desc(generations.createdAt), desc(generations.id))
    .limit(GUEST_TEXTS_LIMIT);
  const children =
    roots.length === 0
      ? []
      : await db
          .select(historyColumns)
          .from(generations)
          .where(
            and(
              mine,
              inArray(
                generations.rootId,
                roots.map((root) => root.id),
              ),
            ),
          )
          .orderBy(asc(generations.createdAt), asc(generations.id));
  return historyTree(db, roots, children);
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
    .where(and(eq(generations.guestId, guestId), finished))
    .returning({ id: generations.id });
  return moved.length;
}
