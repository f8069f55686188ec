import { messages } from "#i18n/messages.ts";
import { failureToastTitle } from "#i18n/wording.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import { $desk, $prompt, updateDesk, type DeskState, type TextVersion } from "./desk.ts";
import { $language } from "./preferences.ts";
import { showToast } from "./toasts.ts";

/** One request for a text, and how it relates to the panel's versions. */
export interface Attempt {
  request: GenerationRequestBody;
  /** `passage`: a passage change, written into its place in the shown version (issue 43). */
  kind: "new" | "variant" | "refine" | "passage";
  /** A passage change's parent: its place among the versions, and its text. */
  parent?: { index: number; text: string };
}

/** Ends an attempt that kept no text: the previous result comes back, and the prompt. */
export function giveUp(
  attempt: Attempt,
  error: string | null,
  errorAction: DeskState["errorAction"] = "retry",
): void {
  updateDesk({ busy: false, writing: null, queuePosition: null, error, errorAction });
  if (attempt.kind === "new" && !$prompt.get().trim()) $prompt.set(attempt.request.content ?? "");
}

/** Ends an attempt that kept a text (finished, or stopped after some words). */
export function keep(attempt: Attempt, version: TextVersion): void {
  const { versions } = $desk.get();
  const next = attempt.kind === "new" ? [version] : [...versions, version];
  updateDesk({
    busy: false,
    writing: null,
    queuePosition: null,
    error: null,
    errorAction: "retry",
    versions: next,
    shown: next.length - 1,
    review: attempt.kind === "passage" && attempt.parent ? { parent: attempt.parent.index } : null,
  });
}

/** Ends an attempt that failed: no text kept, and a toast says why. */
export function failed(attempt: Attempt, message: string): void {
  giveUp(attempt, message);
  const title = failureToastTitle($language.get(), attempt.request.contentType, message);
  showToast({ title, variant: "error" });
}

/**
 * Ends a stopped attempt: its words so far are kept, with what the server charged for
 * them when it said so, or, with none, nothing was charged, and the panel says so.
 */
export function endStopped(attempt: Attempt, stopped: TextVersion["stopped"] = null): void {
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
export function lostConnection(attempt: Attempt): void {
  const writing = $desk.get().writing;
  if (!writing) return;
  if (!writing.text || !writing.generationId) {
    return failed(attempt, messages.translate($language.get(), "error.network"));
  }
  keep(attempt, { ...writing, modelUsed: "interrupted" });
  updateDesk({
    error: messages.translate($language.get(), "desk.interrupted"),
    errorAction: "none",
  });
}
