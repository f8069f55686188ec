import { is, TransactionRollbackError } from "drizzle-orm";
import { COST_PER_USE, countCharacters, partialTextCost } from "#shared/credits.ts";
import { countWords } from "#shared/generation.ts";
import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { applyWeeklyGrant } from "#server/credits/allowances.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { chargeGeneration, refundGeneration } from "#server/credits/reservations.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "#server/db/errors.ts";
import type { Database } from "#server/db/index.ts";
import { outsideRequests } from "#server/db/query-count.ts";
import { AppError } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import {
  ALL_PROVIDERS_FAILED,
  GenerationCancelled,
  assertWritersCanTakeMore,
  planWriting,
  writeText,
  WriterStoppedEarly,
  type TemplateReason,
  type WriterEvent,
} from "./engine.ts";
import { composeOfflineDraft } from "./offline/compose.ts";
import type { RefinementSource } from "./prompts.ts";
import type { TextProvider } from "./providers/types.ts";
import {
  cancelRequested,
  createPendingGeneration,
  findFinishedText,
  type Lineage,
  saveTemplateDraft,
  expiredReservations,
  failPendingGeneration,
  guestAddressHasRoom,
  ownerTextsInFlight,
  renewLease,
  requestCancel,
  settleGeneration,
  settleStoppedGeneration,
} from "./generations.ts";
import { FAILURES } from "#shared/failures.ts";
import { admitAddressText, ownerTextsInFlightError } from "./texts-in-flight.ts";

// Messages the client words in the chosen language (src/lib/shared/failures.ts).
export const GUEST_EXHAUSTED = FAILURES.guestExhausted;
export const USER_EXHAUSTED = FAILURES.userExhausted;
export const UNVERIFIED_EXHAUSTED = FAILURES.unverifiedExhausted;
export const CANCELLED = FAILURES.cancelled;
export const LEASE_LOST = FAILURES.leaseLost;
export const PARENT_NOT_FOUND = FAILURES.textNotFound;
export const NEEDS_AI_WRITER = FAILURES.needsAiWriter;

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
  /** A stopped text: the words that reached the client, and what they cost. */
  stoppedWords?: number;
  charged?: number;
  /** Who ended a stopped text: the client's Stop, or its writer (a failure or a stall). */
  stoppedBy?: "client" | "writer";
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
   * The client went away (closed tab, lost connection), JSON and SSE alike (decision 056):
   * before any word reached it, the generation is cancelled and refunded; after, it
   * finishes, is kept in the history and costs a whole text. The local model is the
   * exception (decision 031): its time is shared, so it stops at once, as a Stop.
   */
  clientGone(): void;
}

export interface GenerationOptions {
  now: () => Date;
  /**
   * The client reads the text as it comes (SSE): streamed at a reading pace, and what went
   * out is kept when a writer fails. Otherwise (JSON) as fast as possible, all or nothing.
   */
  paced: boolean;
  /** The client's address, whose texts in flight on this instance are bounded. */
  address?: string;
  /** Texts one owner may have in flight; no bound when unset (tests of the ledger alone). */
  ownerInFlight?: number;
  /** Texts one address may have in flight on this instance; no bound when unset. */
  addressInFlight?: number;
  /** How long a reservation holds without renewal: a crashed process's are refunded then. */
  leaseMs: number;
}

/** Generations this process writes, so that a Stop recorded anywhere reaches them. */
const running = new Map<string, { db: Database; stop(): void }>();

/** How long a Stopped hosted writer may take to end its text on its own (decision 056). */
const STOP_GRACE_MS = 1_000;

/** How often this process looks for Stops asked of its generations on other instances. */
const CANCEL_POLL_MS = 500;
let cancelPoll: NodeJS.Timeout | null = null;

function watchForCancels(): void {
  if (cancelPoll) return;
  // A timer of the process, not of the request that started it (its statements are no
  // request's).
  cancelPoll = outsideRequests(() => setInterval(pollForCancels, CANCEL_POLL_MS));
  cancelPoll.unref();
}

function pollForCancels(): void {
  const ids = [...running.keys()];
  const db = running.get(ids[0] ?? "")?.db;
  if (!db) {
    clearInterval(cancelPoll!);
    cancelPoll = null;
    return;
  }
  cancelRequested(db, ids).then(
    (cancelled) => cancelled.forEach((id) => running.get(id)?.stop()),
    (error: unknown) => getLogger().warn({ err: error }, "looking for stopped texts failed"),
  );
}

/**
 * Stop: recorded on the caller's own pending generation, so the instance that writes it
 * stops it (at once when that is this one, within CANCEL_POLL_MS otherwise). False when the
 * caller has no such generation still being written.
 */
export async function cancelGeneration(
  db: Database,
  generationId: string,
  owner: CreditOwner,
  now: Date,
): Promise<boolean> {
  if (!(await requestCancel(db, owner, generationId, now))) return false;
  running.get(generationId)?.stop();
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
 * balance (or, for a trial text, the address's daily cap) does not allow it. With
 * `inFlight`, an owner who already has that many texts being written gets the 429.
 */
export async function reserveGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  now: Date,
  leaseMs: number,
  lineage: Lineage | null = null,
  inFlight: number | null = null,
): Promise<{ generationId: string; credits: number } | null> {
  if (owner.kind === "user") await applyWeeklyGrant(db, owner.userId, now);
  try {
    return await db.transaction(async (tx) => {
      if (inFlight !== null && (await ownerTextsInFlight(tx, owner, now)) >= inFlight) {
        throw ownerTextsInFlightError();
      }
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
    // drizzle's own check, not instanceof: the server's bundle and Astro's each hold a copy
    // of drizzle-orm (decision 073), and the error is the class of the copy that opened the
    // database.
    if (is(error, TransactionRollbackError)) return null;
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
 * A single-reader queue of events that knows which text its reader has taken: a `delta`
 * counts as delivered once the reader comes back for the next event, that is once the
 * connection has accepted it (the SSE body is pulled) or the JSON answer has collected it.
 */
function eventChannel() {
  const queued: GenerationEvent[] = [];
  let waiting: ((result: IteratorResult<GenerationEvent>) => void) | null = null;
  let closed = false;
  let lastTaken: GenerationEvent | null = null;
  let delivered = "";
  /** Text written after a Stop, kept back until the writer says whether it was done. */
  let held: GenerationEvent[] | null = null;
  const channel = {
    /** The text that has reached the client so far. */
    get delivered(): string {
      return delivered;
    },
    push(event: GenerationEvent) {
      if (held && (event.type === "delta" || event.type === "reset")) {
        held.push(event);
        return;
      }
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        lastTaken = event;
        resolve({ value: event, done: false });
      } else queued.push(event);
    },
    /** From now on text waits: sent if the writer turns out to be done, else dropped. */
    hold() {
      held ??= [];
    },
    /** The text held back goes out after all. */
    release() {
      const events = held ?? [];
      held = null;
      events.forEach((event) => channel.push(event));
    },
    /** Text not yet taken is not sent: a stopped text ends with what reached the client. */
    dropUndelivered() {
      held = null;
      const kept = queued.filter((event) => event.type !== "delta" && event.type !== "reset");
      queued.splice(0, queued.length, ...kept);
    },
    close() {
      closed = true;
      waiting?.({ value: undefined, done: true });
      waiting = null;
    },
    events: {
      [Symbol.asyncIterator]: () => ({
        next(): Promise<IteratorResult<GenerationEvent>> {
          // The reader is back: what it took last has reached the client.
          if (lastTaken?.type === "delta") delivered += lastTaken.text;
          else if (lastTaken?.type === "reset") delivered = "";
          lastTaken = null;
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

/**
 * Ends a text that stopped early, by one rule (DESIGN §4, decision 056), whoever ended it:
 * the client's Stop, or its writer failing or stalling after text went out. What reached the
 * client is kept and costs its characters' share of a whole text; nothing delivered fails
 * and is refunded. Returns the result, or null when nothing was kept (or it was no longer
 * pending).
 */
async function settleStopped(
  db: Database,
  generationId: string,
  delivered: string,
  byWriter: boolean,
  now: Date,
): Promise<{ words: number; charged: number; credits: number | null } | null> {
  const words = countWords(delivered);
  const charged = partialTextCost(countCharacters(delivered));
  if (charged === 0) {
    await refundReservation(db, generationId, "stopped before any text", now);
    return null;
  }
  return db.transaction(async (tx) => {
    const settled = await settleStoppedGeneration(
      tx,
      generationId,
      { content: delivered, words, cost: charged, byWriter },
      now,
    );
    if (!settled) return null;
    const unused = settled.reserved - charged;
    const credits =
      unused > 0 ? await refundGeneration(tx, settled.owner, generationId, unused, now) : null;
    return { words, charged, credits };
  });
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
  const releaseAddress =
    options.address !== undefined && options.addressInFlight !== undefined
      ? admitAddressText(options.address, options.addressInFlight)
      : () => {};
  let reserved: Awaited<ReturnType<typeof reserveGeneration>>;
  try {
    reserved = await reserveGeneration(
      db,
      owner,
      request,
      options.now(),
      options.leaseMs,
      lineage,
      options.ownerInFlight ?? null,
    );
  } catch (error) {
    releaseAddress();
    throw error;
  }
  if (!reserved) {
    releaseAddress();
    throw exhausted(owner);
  }
  const { generationId, credits } = reserved;
  const { subject } = request;
  const channel = eventChannel();
  const controller = new AbortController();
  let stopped = false;
  let writingLocally = false;
  let stopTimer: NodeJS.Timeout | undefined;
  /** Stops the writer now: the text ends as stopped, priced by what reached the client. */
  const stopNow = () => {
    stopped = true;
    controller.abort();
  };
  /**
   * A person's Stop. A hosted writer gets STOP_GRACE_MS to end on its own, its new words held
   * back meanwhile, so that a Stop sent on the last word (before the writer said it was done)
   * is the finished text it is; the local writer stops at once (its time is shared, and it
   * says it is done with its last token).
   */
  const stop = () => {
    if (writingLocally) return stopNow();
    stopped = true;
    channel.hold();
    stopTimer ??= setTimeout(stopNow, STOP_GRACE_MS);
  };
  running.set(generationId, { db, stop });
  watchForCancels();
  channel.push({ type: "start", generationId, subject });

  const renewal = setInterval(() => {
    const lease = new Date(options.now().getTime() + options.leaseMs);
    renewLease(db, generationId, lease).catch((error: unknown) =>
      getLogger().warn({ err: error, generationId }, "lease renewal failed"),
    );
  }, options.leaseMs / 3);
  renewal.unref();

  const resultOf = (content: string, modelUsed: string): GenerationResult => ({
    generationId,
    subject,
    content,
    modelUsed,
    credits,
    ...(lineage ? { parentId: lineage.parentId, refinement: lineage.refinement } : {}),
  });

  /** Ended early: what was delivered is the result, priced by decision 056. */
  const endStopped = async (byWriter = false) => {
    channel.dropUndelivered();
    const delivered = channel.delivered;
    const ended = await settleStopped(db, generationId, delivered, byWriter, options.now());
    if (!ended) {
      if (byWriter) {
        // Nothing had reached the client yet: as if no writer had answered, refunded.
        channel.push({
          type: "error",
          error: new AppError("SERVICE_UNAVAILABLE", 503, ALL_PROVIDERS_FAILED),
        });
        return;
      }
      channel.push({ type: "error", error: new AppError("CANCELLED", 400, CANCELLED) });
      return;
    }
    channel.push({
      type: "done",
      result: {
        ...resultOf(delivered, "stopped"),
        credits: ended.credits ?? credits,
        stoppedWords: ended.words,
        charged: ended.charged,
        stoppedBy: byWriter ? "writer" : "client",
      },
    });
  };

  const finish = async (content: string, modelUsed: string, modelName?: string) => {
    const settled = await settleGeneration(db, generationId, { content, modelUsed }, options.now());
    if (settled === "settled") {
      channel.release();
      channel.push({ type: "done", result: { ...resultOf(content, modelUsed), modelName } });
    } else {
      // The reconciler refunded it meanwhile: the text was not paid for, so it is not given.
      channel.push({ type: "error", error: new AppError("SERVICE_UNAVAILABLE", 503, LEASE_LOST) });
    }
  };

  void (async () => {
    try {
      const writer = writeText(request, providers, {
        signal: controller.signal,
        paced: options.paced,
        keepPartial: options.paced,
        onWriter: (provider) => (writingLocally = provider.id === "llama"),
        source: refinement?.source,
      });
      for (;;) {
        const step = await writer.next();
        if (step.done) {
          await finish(step.value.content, step.value.modelUsed, step.value.modelName);
          break;
        }
        channel.push(step.value);
      }
    } catch (error) {
      // A writer failing in a Stop's grace ends a text the person stopped.
      const byWriter = error instanceof WriterStoppedEarly && !stopped;
      if (
        (error instanceof GenerationCancelled && stopped) ||
        error instanceof WriterStoppedEarly
      ) {
        await endStopped(byWriter).catch((stopError: unknown) => {
          // The reconciler refunds it once the lease lapses.
          getLogger().error({ err: stopError, generationId }, "settling a stopped text failed");
          channel.push({ type: "error", error: clientError(stopError, generationId) });
        });
        return;
      }
      const reason =
        error instanceof GenerationCancelled
          ? "client left before any text"
          : "no provider answered";
      await refundReservation(db, generationId, reason, options.now()).catch(
        (refundError: unknown) =>
          // The reconciler refunds it once the lease lapses.
          getLogger().error({ err: refundError, generationId }, "refund failed"),
      );
      channel.push({ type: "error", error: clientError(error, generationId) });
    } finally {
      clearInterval(renewal);
      clearTimeout(stopTimer);
      running.delete(generationId);
      releaseAddress();
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
      // Nothing reached the client: cancelled and refunded. The local model's shared time
      // is not spent on a reader who left: it stops, and costs what was delivered.
      if (!channel.delivered) controller.abort();
      else if (writingLocally) stopNow();
    },
  };
}
