import { TransactionRollbackError } from "drizzle-orm";
import { COST_PER_USE } from "#shared/credits.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { applyWeeklyGrant } from "#server/credits/allowances.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { chargeGeneration, refundGeneration } from "#server/credits/reservations.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "#server/db/errors.ts";
import type { Database } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import {
  GenerationCancelled,
  assertWritersCanTakeMore,
  planWriting,
  writeText,
  type TemplateReason,
  type WriterEvent,
} from "./engine.ts";
import { composeOfflineDraft } from "./offline/compose.ts";
import type { RefinementSource } from "./prompts.ts";
import type { TextProvider } from "./providers/types.ts";
import {
  createPendingGeneration,
  findFinishedText,
  type Lineage,
  saveTemplateDraft,
  expiredReservations,
  failPendingGeneration,
  guestAddressHasRoom,
  renewLease,
  settleGeneration,
} from "./generations.ts";

export const GUEST_EXHAUSTED = "Your free trial has ended. Create an account for more usage.";
export const USER_EXHAUSTED = "Credits exhausted. Wait for weekly reset.";
export const UNVERIFIED_EXHAUSTED = "Verify your email to unlock 1000 weekly credits.";
export const CANCELLED = "The generation was cancelled.";
export const LEASE_LOST =
  "The text took too long to be kept, so your credits have been refunded. Please try again.";
export const PARENT_NOT_FOUND = "That text was not found.";
export const NEEDS_AI_WRITER = "Refining a text needs an AI writer, and none is ready yet.";

export interface GenerationResult {
  generationId: string;
  subject: string;
  content: string;
  modelUsed: string;
  /** The model's name when `modelUsed` does not say it (the local writer's model). */
  modelName?: string;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason?: TemplateReason;
  credits: number;
  /** A refinement: the text it was made from, and how. */
  parentId?: string;
  refinement?: Lineage["refinement"];
}

/** What a running generation reports, in order: start, text, then done or error. */
export type GenerationEvent =
  | { type: "start"; generationId: string; subject: string }
  | WriterEvent
  | { type: "done"; result: GenerationResult }
  | { type: "error"; error: AppError };

export interface Generation {
  generationId: string;
  subject: string;
  /** Remaining credits right after the reservation. */
  credits: number;
  /** Read by the one client: pulling the next event is what counts as having received one. */
  events: AsyncIterable<GenerationEvent>;
  /**
   * The client went away (closed tab, lost connection), JSON and SSE alike (decision 011):
   * before it can have seen any text, the generation is cancelled and refunded; after, it
   * finishes, is kept in the history and is charged once. The local model is the exception
   * (decision 031): its time is shared, so it stops at once and keeps what it wrote.
   */
  clientGone(): void;
}

export interface GenerationOptions {
  now: () => Date;
  /** Stream at a reading pace (SSE) or as fast as possible (JSON). */
  paced: boolean;
  /** How long a reservation holds without renewal: a crashed process's are refunded then. */
  leaseMs: number;
}

/**
 * Running generations of this process, so that Stop can reach one. A cancel that reaches
 * another instance finds nothing here; the generation then finishes and is kept.
 */
const running = new Map<string, { owner: CreditOwner; stop(): void }>();

function sameOwner(a: CreditOwner, b: CreditOwner): boolean {
  return a.kind === "user"
    ? b.kind === "user" && a.userId === b.userId
    : b.kind === "guest" && a.guestId === b.guestId;
}

/** Stop: ends the caller's own running generation; false when there is none here. */
export function cancelGeneration(generationId: string, owner: CreditOwner): boolean {
  const entry = running.get(generationId);
  if (!entry || !sameOwner(entry.owner, owner)) return false;
  entry.stop();
  return true;
}

/**
 * Fails a pending generation and refunds whoever paid, in one transaction; false when it
 * was no longer pending, so a retry or a race with the reconciler refunds once.
 */
export async function refundReservation(
  db: Database,
  generationId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await failPendingGeneration(tx, generationId, reason, now);
    if (!failed) return false;
    await refundGeneration(tx, failed.owner, generationId, failed.cost, now);
    return true;
  });
}

/** The reconciler: refunds reservations whose lease lapsed, their process gone (DESIGN §4). */
export async function reconcileExpiredReservations(db: Database, now: Date): Promise<number> {
  let refunded = 0;
  for (const id of await expiredReservations(db, now)) {
    if (await refundReservation(db, id, "lease expired", now)) refunded++;
  }
  return refunded;
}

/**
 * Takes the cost and opens a pending, leased generation in one transaction; null when the
 * balance (or, for a trial text, the address's daily cap) does not allow it.
 */
export async function reserveGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  now: Date,
  leaseMs: number,
  lineage: Lineage | null = null,
): Promise<{ generationId: string; credits: number } | null> {
  if (owner.kind === "user") await applyWeeklyGrant(db, owner.userId, now);
  try {
    return await db.transaction(async (tx) => {
      // A guest's or an unverified account's text is one of its address's trial texts.
      const trialAddress = owner.addressHash;
      if (trialAddress !== undefined && !(await guestAddressHasRoom(tx, trialAddress, now))) {
        return null;
      }
      const lease = new Date(now.getTime() + leaseMs);
      const generationId = await createPendingGeneration(
        tx,
        owner,
        request,
        lineage,
        COST_PER_USE,
        now,
        lease,
      );
      const credits = await chargeGeneration(tx, owner, generationId, COST_PER_USE, now);
      // Too few credits: the pending row goes with the rolled-back transaction.
      if (credits === null) tx.rollback();
      return { generationId, credits: credits! };
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return null;
    throw error;
  }
}

/** 402: the owner's credits, or its address's trial, are used up (DESIGN §4). */
export function exhausted(owner: Pick<CreditOwner, "kind" | "addressHash">): AppError {
  const isGuest = owner.kind === "guest";
  const message = isGuest
    ? GUEST_EXHAUSTED
    : owner.addressHash !== undefined
      ? UNVERIFIED_EXHAUSTED
      : USER_EXHAUSTED;
  return new AppError("INSUFFICIENT_CREDITS", 402, message, { extra: { isGuest } });
}

/**
 * How long text must have been out before a client that leaves counts as having seen it.
 * A tab closed at the `start` event closes before the first words could reach it, but its
 * close can arrive after they left, whatever the writer's pace: a busy browser or a slow
 * network takes its time. A second is more than any of those, and less than reading takes.
 */
const TEXT_SEEN_MS = 1_000;

/** A single-reader queue of events that knows which ones its reader has taken and used. */
function eventChannel() {
  const queued: GenerationEvent[] = [];
  let waiting: ((result: IteratorResult<GenerationEvent>) => void) | null = null;
  let closed = false;
  let lastTaken: GenerationEvent | null = null;
  let textSentAt: number | null = null;
  const channel = {
    /** True once the reader came back after taking text: that text has gone out. */
    get deliveredText(): boolean {
      return textSentAt !== null;
    },
    /** True once text has been out long enough to have been read. */
    textSeen(): boolean {
      return textSentAt !== null && performance.now() - textSentAt >= TEXT_SEEN_MS;
    },
    push(event: GenerationEvent) {
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        lastTaken = event;
        resolve({ value: event, done: false });
      } else queued.push(event);
    },
    close() {
      closed = true;
      waiting?.({ value: undefined, done: true });
      waiting = null;
    },
    events: {
      [Symbol.asyncIterator]: () => ({
        next(): Promise<IteratorResult<GenerationEvent>> {
          if (lastTaken?.type === "delta") textSentAt ??= performance.now();
          const event = queued.shift();
          if (event) {
            lastTaken = event;
            return Promise.resolve({ value: event, done: false });
          }
          if (closed) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => (waiting = resolve));
        },
      }),
    },
  };
  return channel;
}

/** Any failure as what the client is told: our own errors as they are, others logged. */
function clientError(error: unknown, generationId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GenerationCancelled) return new AppError("CANCELLED", 400, CANCELLED);
  // The reservation stays for the reconciler; the client may try again shortly.
  if (isDatabaseUnavailable(error)) return databaseUnavailableError();
  getLogger().error({ err: error, generationId }, "generation failed");
  return new AppError("INTERNAL_ERROR", 500, "Failed to generate text. Please try again.");
}

/**
 * Reserves the cost, then writes the text in the background, reporting it as events.
 * Settled when done; refunded when every provider fails, or when it is stopped or its
 * client leaves before any text reached the client. Stopped after text, the text so far
 * is the result (badge "Stopped") and is paid for.
 */
export async function startGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  options: GenerationOptions,
): Promise<Generation> {
  const plan = planWriting();
  if (request.refine) {
    const refinement = await refinementOf(db, owner, request);
    if (plan.kind === "template") {
      throw new AppError("NEEDS_AI_WRITER", 409, NEEDS_AI_WRITER);
    }
    assertWritersCanTakeMore(plan);
    return aiGeneration(db, owner, refinement.request, plan.providers, options, refinement);
  }
  if (plan.kind === "template") return templateDraft(db, owner, request, plan.reason, options);
  assertWritersCanTakeMore(plan);
  return aiGeneration(db, owner, request, plan.providers, options);
}

interface RefinementPlan {
  request: GenerationRequest;
  lineage: Lineage;
  source: RefinementSource;
}

const LONGER: Record<GenerationRequest["length"], GenerationRequest["length"]> = {
  short: "medium",
  medium: "long",
  long: "long",
};

/**
 * A follow-up to one of the owner's finished texts: the text as it is kept (never as the
 * client sends it), in the parent's language, type and tone unless the action changes them.
 */
async function refinementOf(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
): Promise<RefinementPlan> {
  const { parentId, action } = request.refine!;
  const parent = await findFinishedText(db, owner, parentId);
  if (!parent) throw new AppError("NOT_FOUND", 404, PARENT_NOT_FOUND);
  const base = parent.request;
  const refined: GenerationRequest = {
    ...base,
    variant: request.variant,
    refine: request.refine,
    language: action === "translate" ? request.language : base.language,
    tone: action === "formal" ? "formal" : action === "friendlier" ? "friendly" : base.tone,
    length: action === "longer" ? LONGER[base.length] : base.length,
  };
  return {
    request: refined,
    lineage: { parentId: parent.id, rootId: parent.rootId ?? parent.id, refinement: action },
    source: { parentId: parent.id, action, text: parent.text },
  };
}

/**
 * A template draft (DESIGN §5): written at once, free (no reservation, no ledger row, not
 * one of a guest's texts), kept in the history like any text, and labelled with the reason.
 */
async function templateDraft(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  templateReason: TemplateReason,
  options: GenerationOptions,
): Promise<Generation> {
  const content = composeOfflineDraft(request);
  const now = options.now();
  const { generationId, credits } = await saveTemplateDraft(db, owner, request, content, now);
  const { subject } = request;
  const channel = eventChannel();
  channel.push({ type: "start", generationId, subject });
  channel.push({ type: "delta", text: content });
  channel.push({
    type: "done",
    result: { generationId, subject, content, modelUsed: "local", templateReason, credits },
  });
  channel.close();
  return { generationId, subject, credits, events: channel.events, clientGone() {} };
}

async function aiGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  providers: TextProvider[],
  options: GenerationOptions,
  refinement?: RefinementPlan,
): Promise<Generation> {
  const lineage = refinement?.lineage ?? null;
  const reserved = await reserveGeneration(
    db,
    owner,
    request,
    options.now(),
    options.leaseMs,
    lineage,
  );
  if (!reserved) {
    throw exhausted(owner);
  }
  const { generationId, credits } = reserved;
  const { subject } = request;
  const channel = eventChannel();
  const controller = new AbortController();
  let stopped = false;
  let writingLocally = false;
  running.set(generationId, {
    owner,
    stop() {
      stopped = true;
      controller.abort();
    },
  });
  channel.push({ type: "start", generationId, subject });

  const renewal = setInterval(() => {
    const lease = new Date(options.now().getTime() + options.leaseMs);
    renewLease(db, generationId, lease).catch((error: unknown) =>
      getLogger().warn({ err: error, generationId }, "lease renewal failed"),
    );
  }, options.leaseMs / 3);
  renewal.unref();

  const finish = async (content: string, modelUsed: string, modelName?: string) => {
    if (await settleGeneration(db, generationId, { content, modelUsed }, options.now())) {
      channel.push({
        type: "done",
        result: {
          generationId,
          subject,
          content,
          modelUsed,
          modelName,
          credits,
          ...(lineage ? { parentId: lineage.parentId, refinement: lineage.refinement } : {}),
        },
      });
    } else {
      // The reconciler refunded it meanwhile: the text was not paid for, so it is not given.
      channel.push({ type: "error", error: new AppError("SERVICE_UNAVAILABLE", 503, LEASE_LOST) });
    }
  };

  void (async () => {
    let written = "";
    try {
      const writer = writeText(request, providers, {
        signal: controller.signal,
        paced: options.paced,
        onWriter: (provider) => (writingLocally = provider.id === "llama"),
        source: refinement?.source,
      });
      for (;;) {
        const step = await writer.next();
        if (step.done) {
          await finish(step.value.content, step.value.modelUsed, step.value.modelName);
          break;
        }
        const event = step.value;
        if (event.type === "delta") written += event.text;
        else if (event.type === "reset") written = "";
        channel.push(event);
      }
    } catch (error) {
      if (
        error instanceof GenerationCancelled &&
        stopped &&
        channel.deliveredText &&
        written.trim()
      ) {
        await finish(written, "stopped");
        return;
      }
      const reason =
        error instanceof GenerationCancelled ? "cancelled before any text" : "no provider answered";
      await refundReservation(db, generationId, reason, options.now()).catch(
        (refundError: unknown) =>
          // The reconciler refunds it once the lease lapses.
          getLogger().error({ err: refundError, generationId }, "refund failed"),
      );
      channel.push({ type: "error", error: clientError(error, generationId) });
    } finally {
      clearInterval(renewal);
      running.delete(generationId);
      channel.close();
    }
  })().catch((error: unknown) =>
    getLogger().error({ err: error, generationId }, "generation task failed"),
  );

  return {
    generationId,
    subject,
    credits,
    events: channel.events,
    clientGone() {
      if (!channel.textSeen()) controller.abort();
      else if (writingLocally) running.get(generationId)?.stop();
    },
  };
}
