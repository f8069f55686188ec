import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import { invalidateCreditStatus } from "#stores/credits.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { refusal, type AttemptFailure } from "#generator/lib/attempt-failure.ts";
import { announceFailure, announceKept } from "#generator/lib/attempt-toasts.ts";
import { cancelGeneration, requestGeneration } from "#generator/lib/generation-stream.ts";
import type { GenerationAnswer, GenerationEvent } from "#generator/lib/generation-stream.ts";
import { batchedText, eventStep, unwritten, withArrived } from "#generator/lib/attempt-events.ts";
import type { PassagePlace } from "#generator/lib/attempt-events.ts";
import { $desk, $prompt, updateDesk, type DeskState, type TextVersion } from "./desk.ts";
import { invalidateHistory } from "./history-cache.ts";
import { deskFolderField } from "#generator/lib/desk-folder.ts";

/** One request for a text, and how it relates to the panel's versions. */
export interface Attempt {
  request: GenerationRequestBody;
  /** `passage`: a passage change, written into its place in the shown version (issue 43). */
  kind: "new" | "variant" | "refine" | "passage";
  /** A passage change's parent: its place among the versions, and its text. */
  parent?: { index: number; text: string };
}

/** The attempt under way; what it shares with Stop. */
interface ActiveAttempt {
  attempt: Attempt;
  controller: AbortController;
  /** Known once the server has started the text; Stop needs it. */
  generationId: string | null;
  /** Stop was pressed: the stream's last events are its answer, not a failure. */
  stopping: boolean;
}

/** The attempt under way, and the last one sent (Retry sends it again). */
const attempts = { active: null as ActiveAttempt | null, last: null as Attempt | null };

/**
 * Spec §4 and §8: streams one attempt into the result panel. A 402 opens the credit dialog
 * instead of a toast; other failures toast in the selected UI language. Whatever fails,
 * the prompt and the previous result stay (decision 035).
 */
export async function run(attempt: Attempt): Promise<void> {
  if (attempts.active) return;
  const controller = new AbortController();
  const active: ActiveAttempt = { attempt, controller, generationId: null, stopping: false };
  attempts.active = active;
  attempts.last = attempt;
  updateDesk({
    busy: true,
    // A new text keeps a passage change under review: nothing is undone behind the person.
    review: null,
    error: null,
    errorAction: "retry",
    stoppedBeforeWords: false,
    fieldFailures: null,
    queuePosition: null,
    writing: unwritten(attempt.request),
  });
  try {
    let answer: GenerationAnswer;
    try {
      answer = await requestGeneration(attempt.request, controller.signal);
    } catch (error) {
      if ((error as Error).name !== "AbortError") failed(attempt, { key: "error.network" });
      return;
    }
    if (answer.kind === "refused") {
      const { status, body } = answer;
      if (status === 402 && body.code === "INSUFFICIENT_CREDITS") {
        giveUp(attempt, { answer: body, fallback: "error.generic" }, "credits");
        openCreditDialog(Boolean(body.isGuest));
        return;
      }
      if (body.fieldErrors) updateDesk({ fieldFailures: body });
      failed(attempt, refusal(status, body));
      return;
    }
    if (answer.kind === "not-a-stream") {
      // Spec §8: its message, or "Failed to generate …" when it has none.
      failed(attempt, { answer: answer.body, fallback: "error.generic" });
      return;
    }
    try {
      await readEvents(active, answer.events);
    } catch (error) {
      if ((error as Error).name !== "AbortError") lostConnection(attempt);
    }
  } finally {
    attempts.active = null;
    invalidateCreditStatus();
    invalidateHistory();
  }
}

/** A new request from the form. */
export function generate(request: GenerationRequestBody): Promise<void> {
  return run({ request: { ...request, ...deskFolderField(), variant: 1 }, kind: "new" });
}

/** Sends the failed attempt again. */
export function retry(): void {
  if (attempts.last) void run(attempts.last);
}

/** How long a stopped stream may take to end with the server's word on it. */
const STOP_ANSWER_MS = 5_000;

/**
 * Stop: the server ends the text with the words that reached us and says what they cost
 * (nothing delivered: refunded), on whichever instance writes it. Before the text has an
 * id, leaving is enough: nothing has reached us, so nothing is charged.
 */
export async function stopGeneration(): Promise<void> {
  const current = attempts.active;
  if (!current || current.stopping) return;
  current.stopping = true;
  const { generationId, attempt } = current;
  // Not cancelled, or the server unreachable: leaving below is the stop.
  const cancelled = generationId ? await cancelGeneration(generationId) : false;
  // Finished while the cancel was on its way (and perhaps another attempt began).
  if (attempts.active !== current) return;
  if (cancelled) {
    // The stream ends with the server's verdict; if it does not come, stop waiting for it.
    setTimeout(() => {
      if (attempts.active !== current) return;
      current.controller.abort();
      endStopped(attempt);
    }, STOP_ANSWER_MS);
    return;
  }
  current.controller.abort();
  endStopped(attempt);
}

/** Reads the server-sent events of one attempt into the desk. */
async function readEvents(active: ActiveAttempt, events: AsyncIterable<GenerationEvent>) {
  const { attempt } = active;
  const place: PassagePlace = { around: null, written: "" };
  const text = batchedText((arrived) => {
    const writing = $desk.get().writing;
    if (writing) updateDesk({ writing: withArrived(writing, place, arrived), queuePosition: null });
  });
  try {
    for await (const message of events) {
      if (message.event === "delta") {
        text.add(message.data.text);
        continue;
      }
      text.flush();
      if (readEvent(active, message, place)) return;
    }
  } finally {
    text.flush();
  }
  // The stream ended without a verdict (connection lost).
  if (active.stopping) return endStopped(attempt);
  lostConnection(attempt);
}

/** One event other than text; true once the attempt has its verdict. */
function readEvent(active: ActiveAttempt, message: GenerationEvent, place: PassagePlace) {
  const { attempt } = active;
  const writing = $desk.get().writing;
  if (!writing) return true; // Stopped meanwhile.
  const step = eventStep(message, writing, place, attempt.parent?.text);
  if (!step) return false;
  switch (step.step) {
    case "start": {
      active.generationId = step.writing.generationId;
      // Spec §4: the prompt box is cleared once the request is under way.
      const sent = (attempt.request.content ?? "").trim();
      if (attempt.kind === "new" && $prompt.get().trim() === sent) $prompt.set("");
      updateDesk({ writing: step.writing });
      return false;
    }
    case "update":
      updateDesk(step.desk);
      return false;
    case "stopped":
      updateDesk({ writing: step.writing });
      endStopped(attempt, step.stopped);
      return true;
    case "finished":
      keep(attempt, step.version);
      announceKept(attempt, step.version);
      return true;
    case "failed":
      // After Stop, the server's "cancelled" is the answer to it, not a failure.
      if (active.stopping) endStopped(attempt);
      else failed(attempt, { answer: step.answer, fallback: "error.generic" });
      return true;
  }
}

/** The desk once an attempt has ended. */
const idle = { busy: false, writing: null, queuePosition: null } as const;

/** Ends an attempt that kept no text: the previous result comes back, and the prompt. */
function giveUp(
  attempt: Attempt,
  error: AttemptFailure | null,
  errorAction: DeskState["errorAction"] = "retry",
): void {
  updateDesk({ ...idle, error, errorAction });
  if (attempt.kind === "new" && !$prompt.get().trim()) $prompt.set(attempt.request.content ?? "");
}

/** Ends an attempt that kept a text (finished, or stopped after some words). */
function keep(attempt: Attempt, version: TextVersion): void {
  const { versions } = $desk.get();
  const next = attempt.kind === "new" ? [version] : [...versions, version];
  updateDesk({
    ...idle,
    error: null,
    errorAction: "retry",
    versions: next,
    shown: next.length - 1,
    review: attempt.kind === "passage" && attempt.parent ? { parent: attempt.parent.index } : null,
  });
}

/** Ends an attempt that failed: no text kept, and a toast says why. */
function failed(attempt: Attempt, failure: AttemptFailure): void {
  giveUp(attempt, failure);
  announceFailure(attempt, failure);
}

/**
 * Ends a stopped attempt: its words so far are kept, with what the server charged for
 * them when it said so, or, with none, nothing was charged, and the panel says so.
 */
function endStopped(attempt: Attempt, stopped: TextVersion["stopped"] = null): void {
  const writing = $desk.get().writing;
  if (!writing) return; // Finished first.
  if (writing.text) return keep(attempt, { ...writing, modelUsed: "stopped", stopped });
  giveUp(attempt, null);
  updateDesk({ stoppedBeforeWords: !stopped?.credits });
}

/**
 * The connection broke while text was arriving. The server finishes and keeps the text
 * (decision 056), so what arrived stays on screen and no Retry is offered: a Retry would
 * pay for a second text.
 */
function lostConnection(attempt: Attempt): void {
  const writing = $desk.get().writing;
  if (!writing) return;
  if (!writing.text || !writing.generationId) return failed(attempt, { key: "error.network" });
  keep(attempt, { ...writing, modelUsed: "interrupted" });
  updateDesk({ error: { key: "desk.interrupted" }, errorAction: "none" });
}
