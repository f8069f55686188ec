import { and, desc, eq, isNull } from "drizzle-orm";
import { DEFAULT_LENGTH } from "../../shared/generation.ts";
import type { GenerateRequest, HistoryItem } from "../../shared/schemas/generation.ts";
import { deriveSubject } from "../../shared/subject.ts";
import {
  refundGeneration,
  reserveCredits,
  settleGeneration,
  type CreditOwner,
} from "../credits/reservations.ts";
import type { Database } from "../db/index.ts";
import { generations, guests } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { getLogger } from "../logger.ts";
import { GenerationCancelled, writeText, type WriteListener } from "./engine.ts";
import { buildPrompt } from "./prompts.ts";

export const GUEST_EXHAUSTED = "Your free trial has ended. Create an account for more usage.";
export const USER_EXHAUSTED = "Credits exhausted. Wait for weekly reset.";

export interface GenerationResult {
  generationId: string;
  subject: string;
  content: string;
  modelUsed: string;
  credits: number;
}

/**
 * Running generations of this process, so that Stop can cancel one. A cancel that reaches
 * another instance finds nothing here; the generation then finishes and is kept.
 */
const running = new Map<
  string,
  { controller: AbortController; owner: CreditOwner; wroteText: () => boolean }
>();

function sameOwner(a: CreditOwner, b: CreditOwner): boolean {
  return a.kind === "user"
    ? b.kind === "user" && a.userId === b.userId
    : b.kind === "guest" && a.guestId === b.guestId;
}

/** Stop: aborts the caller's own running generation; false when there is none here. */
export function cancelGeneration(generationId: string, owner: CreditOwner): boolean {
  const entry = running.get(generationId);
  if (!entry || !sameOwner(entry.owner, owner)) return false;
  entry.controller.abort();
  return true;
}

export interface GenerationHandle {
  generationId: string;
  subject: string;
  /** Remaining credits right after the reservation. */
  credits: number;
  /** Aborts the generation (a client gone before the first token). */
  controller: AbortController;
  /** Resolves with the finished text; a failure refunds and rejects. */
  done: Promise<GenerationResult>;
}

/**
 * Reserves 100 credits, then writes the text: settled when it is done, refunded when every
 * provider fails or the generation is cancelled before any text was written. A cancel
 * after text keeps what was written (it was paid for and is in the history).
 */
export async function startGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerateRequest,
  options: { now: () => Date; paced: boolean; listener?: WriteListener },
): Promise<GenerationHandle> {
  const subject = request.subject || deriveSubject(request.content);
  const length = request.length ?? DEFAULT_LENGTH[request.contentType];
  const reserved = await reserveCredits(
    db,
    owner,
    {
      subject,
      prompt: request.content,
      tone: request.tone,
      language: request.language,
      contentType: request.contentType,
      length,
    },
    options.now(),
  );
  if (!reserved.ok) {
    throw new AppError(
      "INSUFFICIENT_CREDITS",
      402,
      reserved.isGuest ? GUEST_EXHAUSTED : USER_EXHAUSTED,
      {
        extra: { isGuest: reserved.isGuest },
      },
    );
  }

  const { generationId } = reserved;
  const controller = new AbortController();
  let written = "";
  running.set(generationId, { controller, owner, wroteText: () => written.length > 0 });
  const listener: WriteListener = {
    onDelta(text) {
      written += text;
      options.listener?.onDelta?.(text);
    },
    onReset() {
      written = "";
      options.listener?.onReset?.();
    },
  };
  const input = {
    prompt: buildPrompt({ ...request, subject, length }),
    subject,
    content: request.content,
    tone: request.tone,
    language: request.language,
    contentType: request.contentType,
    length,
  };

  const done = (async (): Promise<GenerationResult> => {
    try {
      const { content, modelUsed } = await writeText(input, {
        signal: controller.signal,
        paced: options.paced,
        listener,
      });
      await settleGeneration(db, generationId, { content, modelUsed }, options.now());
      return { generationId, subject, content, modelUsed, credits: reserved.credits };
    } catch (error) {
      if (error instanceof GenerationCancelled && written.trim()) {
        // Stopped after text arrived: the text so far is the result.
        await settleGeneration(
          db,
          generationId,
          { content: written, modelUsed: "stopped" },
          options.now(),
        );
        return {
          generationId,
          subject,
          content: written,
          modelUsed: "stopped",
          credits: reserved.credits,
        };
      }
      const reason =
        error instanceof GenerationCancelled ? "cancelled before any text" : "no provider answered";
      await refundGeneration(db, generationId, reason, options.now()).catch(
        (refundError: unknown) =>
          // The reconciler refunds it within minutes if this fails.
          getLogger().error({ err: refundError, generationId }, "refund failed"),
      );
      throw error;
    } finally {
      running.delete(generationId);
    }
  })();
  // Callers that stop listening (a closed tab) must not leave an unhandled rejection.
  done.catch(() => {});

  return { generationId, subject, credits: reserved.credits, controller, done };
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

/** DESIGN §5: a guest who registers from the same browser finds the trial texts in the new account. */
export async function moveGuestHistory(
  db: Database,
  guestId: string,
  userId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
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
  });
}
