import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { textFieldOf, type UseCase } from "#shared/use-cases.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { databaseUnavailableError, isDatabaseUnavailable } from "#server/db/errors.ts";
import type { Database } from "#server/db/index.ts";
import { AppError, failure } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";
import { countGeneration, timeText } from "#server/metrics.ts";
import {
  pricedByWriting,
  refundReservation,
  reserveText,
  settleStopped,
  settleWritten,
} from "./charges.ts";
import { settleGeneration, variantLineage, type Lineage } from "./generations.ts";
import { spliceText } from "./passages.ts";
import { refinementOf, type RefinementPlan } from "./refinements.ts";
import { openRun, type Run } from "./run.ts";
import { templateDraft } from "./template-draft.ts";
import type { Generation, GenerationOptions, GenerationResult } from "./types.ts";
import {
  GenerationCancelled,
  WriterStoppedEarly,
  writeText,
  type WrittenText,
} from "./writers/fallback.ts";
import { planWriting, takePlaceInLine } from "./writers/registry.ts";
import type { LinePlace, TextProvider } from "./writers/types.ts";
import { writerVoiceOf, type WriterVoice } from "#server/voices/voices.ts";
import { folderForNewText } from "#server/folders/folders.ts";

/**
 * A generation in the order it happens (docs/architecture.md): plan who writes, charge the
 * reservation, write in the background while the client reads events, settle what was
 * written: finished (100), ended early (priced by decision 056) or failed (refunded).
 */

/**
 * Reserves the cost, then writes the text in the background, reporting it as events. A
 * template draft is written at once and free; a refinement first reads the text it refines.
 * A use case's text comes with its definition, its fields already checked against it
 * (use-cases.ts); a refinement's use case and fields are its parent's.
 */
export async function startGeneration(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
  options: GenerationOptions,
  useCase?: UseCase,
): Promise<Generation> {
  const askedAt = performance.now();
  const plan = planWriting();
  const refinement = request.refine ? await refinementOf(db, owner, request) : undefined;
  const variant = refinement ? null : await variantOf(db, owner, request);
  // A folder and a voice are checked even for a template draft (which does not write in
  // it): another's is 404. A new text from a folder is in its voice when none is chosen.
  const folder = request.folderId ? await folderForNewText(db, owner, request.folderId) : null;
  const voiceId = request.voiceId ?? (refinement || variant ? null : folder?.voiceId);
  const voice = voiceId ? await writerVoiceOf(db, owner, voiceId) : undefined;
  if (plan.kind === "template") {
    // No AI writer: a refinement (a passage change, an instruction) and a text tool's
    // rewrite of a person's own text are refused, never answered with a template draft.
    if (refinement || (useCase && textFieldOf(useCase))) {
      throw failure("NEEDS_AI_WRITER", "needsAiWriter");
    }
    return templateDraft(db, owner, request, plan.reason, options, useCase, variant);
  }
  // A template draft is the template's, not a writer's: no AI changes it (issue 43, item 8).
  if (refinement?.ofTemplateDraft) throw failure("CONFLICT", "refineTemplateDraft");
  // A full line is a 503 now, before anything is reserved or streamed.
  const place = takePlaceInLine(plan);
  // The text remembers the voice it is written in, a folder's too (decision 087).
  const asked = { ...(refinement?.request ?? request), voiceId: voice ? voiceId! : undefined };
  const lineage = refinement?.lineage ?? variant;
  let reserved: Awaited<ReturnType<typeof reserveText>>;
  try {
    // Reserved as a whole text (the plan's cost, the rule's most); a passage change gives the
    // rest back when it is settled (decision 089).
    reserved = await reserveText(db, owner, asked, options, lineage);
  } catch (error) {
    place?.leave();
    throw error;
  }
  const run = openRun(db, asked, reserved, lineage, options, refinement);
  const writing = { refinement, voice, useCase, place, askedAt };
  void write(run, plan.providers, writing).catch((error: unknown) =>
    getLogger().error({ err: error, generationId: run.generationId }, "generation task failed"),
  );
  return {
    generationId: run.generationId,
    subject: asked.subject,
    credits: run.credits,
    events: run.channel.events,
    clientGone: () => run.clientGone(),
  };
}

/** Regenerate's text: another version of one of the owner's texts (404 when not theirs). */
async function variantOf(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
): Promise<Lineage | null> {
  if (!request.variantOf) return null;
  const lineage = await variantLineage(db, owner, request.variantOf);
  if (!lineage) throw failure("NOT_FOUND", "textNotFound");
  return lineage;
}

/** `askedAt`: when the text was asked for (performance.now()), for its timings on /metrics. */
interface Writing {
  refinement?: RefinementPlan;
  voice?: WriterVoice;
  useCase?: UseCase;
  place?: LinePlace;
  askedAt: number;
}

/** Writes the text into the run's events, then settles it however it ended. */
async function write(run: Run, providers: TextProvider[], writing: Writing) {
  const { refinement, voice, useCase, place, askedAt } = writing;
  let firstWords = true;
  try {
    const writer = writeText(run.request, providers, {
      signal: run.controller.signal,
      paced: run.options.paced,
      keepPartial: run.options.paced,
      onWriter: (provider) => {
        run.writer = provider.id;
        run.writingLocally = provider.id === "llama";
      },
      source: refinement?.source,
      voice,
      useCase,
      place,
    });
    for (;;) {
      const step = await writer.next();
      if (step.done) {
        await settleFinished(run, step.value, useCase);
        timeText("end", step.value.modelUsed, askedAt);
        return;
      }
      const event = step.value;
      if (event.type === "delta" && firstWords) {
        firstWords = false;
        timeText("first-words", run.writer, askedAt);
      }
      if (run.shaper && event.type === "delta") {
        // A passage's answer, as it is kept: the whitespace around it stays the parent's.
        const text = run.shaper.shape(event.text);
        if (text) run.channel.push({ type: "delta", text });
      } else {
        if (event.type === "reset") run.shaper?.reset();
        run.channel.push(event);
      }
    }
  } catch (error) {
    const endedEarly =
      (error instanceof GenerationCancelled && run.stopped) || error instanceof WriterStoppedEarly;
    // A writer failing in a Stop's grace ends a text the person stopped.
    if (endedEarly) {
      const ended = await settleEarly(run, error instanceof WriterStoppedEarly && !run.stopped);
      if (ended) timeText("end", run.writer, askedAt);
    } else await settleFailure(run, error);
  } finally {
    // A place the writer never reached (a text cancelled in line) goes to the next.
    place?.leave();
    run.close();
  }
}

/**
 * The version a run keeps from what its writer wrote: the text itself, or for a passage
 * change its parent's text with the new passage in place of the old (the rest byte for
 * byte, by construction), and where that new passage now stands.
 */
function versionOf(run: Run, written: string): Pick<GenerationResult, "content" | "passage"> {
  const splice = run.refinement?.splice;
  if (!splice) return { content: written };
  return {
    content: spliceText(run.refinement!.source.text, splice, written),
    passage: { start: splice.start, end: splice.start + written.length },
  };
}

function resultOf(run: Run, written: string, modelUsed: string): GenerationResult {
  const lineage = run.lineage;
  return {
    generationId: run.generationId,
    subject: run.request.subject,
    ...versionOf(run, written),
    modelUsed,
    credits: run.credits,
    ...(lineage ? { parentId: lineage.parentId } : {}),
    ...(lineage?.refinement ? { refinement: lineage.refinement } : {}),
    ...(lineage?.instruction ? { instruction: lineage.instruction } : {}),
  };
}

/**
 * The writer finished: done and paid, whatever Stop was recorded meanwhile; in full, or for
 * a passage change or a text tool's text, by what it wrote (decisions 089 and 088).
 */
async function settleFinished(run: Run, written: WrittenText, useCase?: UseCase): Promise<void> {
  const { modelUsed, modelName } = written;
  const text = run.shaper ? run.shaper.written : written.content;
  const { content } = versionOf(run, text);
  const now = run.options.now();
  let settled: "settled" | "gone";
  let priced: { charged: number; credits: number | null } | null = null;
  const byWriting = pricedByWriting(run.refinement, useCase, run.cost);
  if (byWriting) {
    const price = { written: text, ...byWriting, content, modelUsed };
    priced = await settleWritten(run.db, run.generationId, price, now, run.cost);
    settled = priced ? "settled" : "gone";
  } else {
    settled = await settleGeneration(run.db, run.generationId, { content, modelUsed }, now);
  }
  countGeneration(modelUsed, settled === "settled" ? "finished" : "lease_lost");
  if (settled === "settled") {
    run.channel.release();
    const result: GenerationResult = {
      ...resultOf(run, text, modelUsed),
      modelName,
      ...(priced ? { charged: priced.charged, credits: priced.credits ?? run.credits } : {}),
    };
    run.channel.push({ type: "done", result });
  } else {
    // The reconciler refunded it meanwhile: the text was not paid for, so it is not given.
    const error = failure("SERVICE_UNAVAILABLE", "leaseLost");
    run.channel.push({ type: "error", error });
  }
}

/**
 * Ended early (a Stop, or its writer after text went out): what was delivered, priced.
 * Whether it was kept (false when nothing had reached the client, or settling failed).
 */
async function settleEarly(run: Run, byWriter: boolean): Promise<boolean> {
  const { channel } = run;
  channel.dropUndelivered();
  const delivered = channel.delivered;
  try {
    const ended = await settleStopped(
      run.db,
      run.generationId,
      delivered,
      byWriter,
      run.options.now(),
      versionOf(run, delivered).content,
      run.cost,
      run.refinement?.ceiling(run.cost),
    );
    const outcome = ended ? (byWriter ? "ended_by_writer" : "stopped") : null;
    countGeneration(run.writer, outcome ?? (byWriter ? "failed" : "cancelled"));
    if (!ended) {
      // Nothing had reached the client: refunded, as if no writer had answered, or cancelled.
      const error = byWriter
        ? failure("SERVICE_UNAVAILABLE", "allProvidersFailed")
        : failure("CANCELLED", "cancelled");
      channel.push({ type: "error", error });
      return false;
    }
    const result: GenerationResult = {
      ...resultOf(run, delivered, "stopped"),
      credits: ended.credits ?? run.credits,
      stoppedWords: ended.words,
      charged: ended.charged,
      stoppedBy: byWriter ? "writer" : "client",
    };
    channel.push({ type: "done", result });
    return true;
  } catch (error) {
    countGeneration(run.writer, "error");
    // The reconciler refunds it once the lease lapses.
    getLogger().error(
      { err: error, generationId: run.generationId },
      "settling a stopped text failed",
    );
    channel.push({ type: "error", error: clientError(error, run.generationId) });
    return false;
  }
}

/** Every writer failed, or the client left before any text: refunded. */
async function settleFailure(run: Run, error: unknown): Promise<void> {
  const cancelled = error instanceof GenerationCancelled;
  countGeneration(run.writer, cancelled ? "cancelled" : "failed");
  const reason = cancelled ? "client left before any text" : "no provider answered";
  await refundReservation(run.db, run.generationId, reason, run.options.now()).catch(
    (refundError: unknown) =>
      // The reconciler refunds it once the lease lapses.
      getLogger().error({ err: refundError, generationId: run.generationId }, "refund failed"),
  );
  run.channel.push({ type: "error", error: clientError(error, run.generationId) });
}

/** Any failure as what the client is told: our own errors as they are, others logged. */
function clientError(error: unknown, generationId: string): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof GenerationCancelled) {
    return failure("CANCELLED", "cancelled");
  }
  // The reservation stays for the reconciler; the client may try again shortly.
  if (isDatabaseUnavailable(error)) return databaseUnavailableError();
  getLogger().error({ err: error, generationId }, "generation failed");
  return new AppError("INTERNAL_ERROR", "Failed to generate text. Please try again.");
}
