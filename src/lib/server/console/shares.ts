import { eq } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { users } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { deleteAnyShare } from "#server/shares/shares.ts";
import { recordOperatorAction, type OperatorActionRecord } from "./audit.ts";

/**
 * An operator takes a share link down from the console: the row goes, and the audit
 * records it in the same transaction, naming the owner and the text.
 */
export async function takeDownShare(
  db: Database,
  operator: OperatorActionRecord["operator"],
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const link = await deleteAnyShare(tx, id);
    if (!link) throw new AppError("NOT_FOUND", "There is no share link with this id.");
    const [owner] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, link.userId));
    await recordOperatorAction(tx, {
      operator,
      action: "take_down_share",
      target: owner ?? null,
      detail: { shareId: id, generationId: link.generationId },
      now,
    });
  });
}
