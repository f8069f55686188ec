import { TransactionRollbackError, sql } from "drizzle-orm";
import { createGuest } from "#server/credits/guests.ts";
import { chargeGeneration } from "#server/credits/reservations.ts";
import type { Database } from "#server/db/index.ts";
import { rateLimits } from "#server/db/schema.ts";
import { composeOfflineDraft } from "./offline/compose.ts";
import { createPendingGeneration, findFinishedText, saveTemplateDraft } from "./generations.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";

const REQUEST: GenerationRequest = {
  content: "A thank-you note to my neighbours for the flowers they left at our door",
  subject: "A thank-you note",
  language: "english",
  contentType: "email",
  tone: "friendly",
  length: "short",
  variant: 1,
};

/**
 * One visitor's writes, rehearsed in a transaction that is rolled back: a rate-limit
 * counter, a new guest and its trial, a template draft, a paid text's reservation and
 * debit, and the reads after them. Nothing stays.
 */
async function rehearseOnce(db: Database): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const now = new Date();
      const expire = new Date(now.getTime() + 60_000);
      await tx
        .insert(rateLimits)
        .values({ key: "rehearsal", points: 1, expire })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { points: sql`${rateLimits.points} + 1`, expire },
        })
        .returning();
      const guest = await createGuest(tx, "rehearsal", now);
      const owner = { kind: "guest", guestId: guest.id, addressHash: guest.addressHash } as const;
      const draft = await saveTemplateDraft(tx, owner, REQUEST, composeOfflineDraft(REQUEST), now);
      await findFinishedText(tx, owner, draft.generationId);
      const pending = await createPendingGeneration(tx, owner, REQUEST, null, 100, now, expire);
      await chargeGeneration(tx, owner, pending, 100, now);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/**
 * The embedded database is PostgreSQL compiled to WebAssembly, and V8 compiles a code path
 * to fast machine code only after it has run many times: a fresh server's first writes take
 * 30–60 ms instead of about 10, and at 100 drafts a second the queue they build takes
 * seconds to drain (decision 048). Right after start the server rehearses a visitor's
 * writes this many times, each in its own rolled-back transaction, so that its first
 * visitors meet compiled code; requests take their turn between two rehearsals. Stops at
 * the first failure (logged by the caller) or when `stopped()` says so.
 */
export async function rehearseWrites(
  db: Database,
  rounds: number,
  stopped: () => boolean,
): Promise<number> {
  let done = 0;
  while (done < rounds && !stopped()) {
    await rehearseOnce(db);
    done++;
  }
  return done;
}
