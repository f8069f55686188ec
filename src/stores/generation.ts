import { atom } from "nanostores";
import {
  describeFailure,
  failureToastTitle,
  successToastTitle,
  translate,
  type FailureBody,
  type VersionOrigin,
} from "#i18n/messages.ts";
import { MAX_VARIANT, type Language, type Refinement } from "#shared/generation.ts";
import { readServerSentEvents } from "#shared/sse.ts";
import { apiFetch } from "#client/http.ts";
import { $language } from "./preferences.ts";
import { invalidateCreditStatus } from "./credits.ts";
import { openCreditDialog } from "./credit-dialog.ts";
import { invalidateHistory } from "./history-cache.ts";
import { showToast } from "./toasts.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { TemplateReason } from "./engines.ts";

/** One text in the result panel: a first answer, another variant, or a refinement. */
export interface TextVersion {
  /** What was sent for it; Regenerate sends it again as another variant. */
  request: GenerationRequestBody;
  generationId: string | null;
  subject: string;
  text: string;
  modelUsed: string | null;
  /** The local writer's model, for its badge. */
  modelName: string | null;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason: TemplateReason | null;
  /** A stopped text: the words that reached us, and what the server charged for them. */
  stopped?: { words: number; credits: number; byWriter?: boolean } | null;
  /** Saved from the editor: the writer's words changed by hand. */
  edited?: boolean;
}

export interface DeskState {
  /** A text is being written (or waited for). */
  busy: boolean;
  /** This session's versions of the current request, refinements included (‹ 2/3 ›). */
  versions: TextVersion[];
  /** The version the panel shows. */
  shown: number;
  /** The version being written, shown while busy. */
  writing: TextVersion | null;
  /** While waiting for the local writer: texts ahead of this one. */
  queuePosition: number | null;
  /** Why the last attempt failed; the panel offers Retry and keeps the previous text. */
  error: string | null;
  /** What the error box offers: Retry, the credit options, or nothing (text was kept). */
  errorAction: "retry" | "credits" | "none";
}

/** The result panel's content (spec §4, Generation). */
export const $desk = atom<DeskState>({
  busy: false,
  versions: [],
  shown: 0,
  writing: null,
  queuePosition: null,
  error: null,
  errorAction: "retry",
});

/** The prompt box. It lives here so that only a successful start clears it (decision 035). */
export const $prompt = atom("");

/** The result panel's editor holds changes that are not saved yet. */
export const $unsavedEdit = atom(false);
/** What waits for the answer to "Discard your changes?" (null: nothing is asked). */
export const $discardQuestion = atom<{ then: () => void } | null>(null);

/**
 * Runs `action` at once, or, while the editor holds unsaved changes, once the visitor has
 * agreed to throw them away: a new text or a retry replaces the text being edited.
 */
export function afterUnsavedEdits(action: () => void): void {
  if ($unsavedEdit.get()) $discardQuestion.set({ then: action });
  else action();
}

function update(patch: Partial<DeskState>): void {
  $desk.set({ ...$desk.get(), ...patch });
}

/** How an attempt relates to the panel's versions. */
type Kind = "new" | "variant" | "refine";

interface Attempt {
  request: GenerationRequestBody;
  kind: Kind;
}

/** The attempt under way; `stopping` once Stop was pressed, so its last events are moot. */
let active: {
  controller: AbortController;
  generationId: string | null;
  stopping: boolean;
} | null = null;
let lastAttempt: Attempt | null = null;

function t(key: Parameters<typeof translate>[1], values?: Record<string, string | number>) {
  return translate($language.get(), key, values);
}

/** A failed answer's message in the chosen language (DESIGN §7). */
function failureText(body: FailureBody, fallback: Parameters<typeof translate>[1]): string {
  return describeFailure($language.get(), body, fallback);
}

/** Where a version came from, for its label ("Original", "Shorter", "Edited", …). */
export function versionOrigin(version: TextVersion): VersionOrigin {
  return {
    refinement: version.edited ? "edited" : (version.request.refine?.action ?? null),
    variant: version.request.variant ?? 1,
    language: version.request.language,
  };
}

/** The version the panel shows when nothing is being written. */
export function shownVersion(state: DeskState): TextVersion | null {
  return state.versions[state.shown] ?? null;
}

/** Ends an attempt that kept no text: the previous result comes back, and the prompt. */
function giveUp(
  attempt: Attempt,
  error: string | null,
  errorAction: DeskState["errorAction"] = "retry",
): void {
  update({ busy: false, writing: null, queuePosition: null, error, errorAction });
  if (attempt.kind === "new" && !$prompt.get().trim()) $prompt.set(attempt.request.content);
}

/** Ends an attempt that kept a text (finished, or stopped after some words). */
function keep(attempt: Attempt, version: TextVersion): void {
  const { versions } = $desk.get();
  const next = attempt.kind === "new" ? [version] : [...versions, version];
  update({
    busy: false,
    writing: null,
    queuePosition: null,
    error: null,
    errorAction: "retry",
    versions: next,
    shown: next.length - 1,
  });
}

function failed(attempt: Attempt, message: string): void {
  giveUp(attempt, message);
  const title = failureToastTitle($language.get(), attempt.request.contentType, message);
  showToast({ title, variant: "error" });
}

/**
 * Ends a stopped attempt: its words so far are kept, with what the server charged for
 * them when it said so, or, with none, nothing was charged.
 */
function endStopped(attempt: Attempt, stopped: TextVersion["stopped"] = null): void {
  const writing = $desk.get().writing;
  if (!writing) return; // Finished first.
  if (writing.text) keep(attempt, { ...writing, modelUsed: "stopped", stopped });
  else giveUp(attempt, null);
}

/**
 * The connection broke while text was arriving. The server finishes and keeps the text
 * (decision 011), so what arrived stays on screen and no Retry is offered: a Retry would
 * pay for a second text.
 */
function lostConnection(attempt: Attempt): void {
  const writing = $desk.get().writing;
  if (!writing) return;
  if (!writing.text || !writing.generationId) return failed(attempt, t("error.network"));
  keep(attempt, { ...writing, modelUsed: "interrupted" });
  update({ error: t("desk.interrupted"), errorAction: "none" });
}

/** Reads the server-sent events of one attempt into the store. */
async function readEvents(attempt: Attempt, response: Response): Promise<void> {
  // Words that arrived together reach the panel together: a chunk of the stream can hold
  // thousands of deltas, and a render for each, all in one task, froze the tab for seconds.
  let arrived = "";
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const current = $desk.get().writing;
    if (!arrived || !current) return;
    update({ writing: { ...current, text: current.text + arrived }, queuePosition: null });
    arrived = "";
  };
  try {
    for await (const message of readServerSentEvents(response.body!)) {
      if (message.event === "delta") {
        arrived += String((JSON.parse(message.data || "{}") as { text?: unknown }).text ?? "");
        flushTimer ??= setTimeout(flush, DELTA_FLUSH_MS);
        continue;
      }
      flush();
      if (handleEvent(attempt, message)) return;
    }
  } finally {
    flush();
  }
  // The stream ended without a verdict (connection lost).
  if (active?.stopping) return endStopped(attempt);
  lostConnection(attempt);
}

/** How long arriving words gather before the panel shows them. */
const DELTA_FLUSH_MS = 50;

/** One event other than text; true once the attempt has its verdict. */
function handleEvent(attempt: Attempt, message: { event?: string; data: string }): boolean {
  const data = JSON.parse(message.data || "{}") as Record<string, unknown>;
  const writing = $desk.get().writing;
  if (!writing) return true; // Stopped meanwhile.
  if (message.event === "start") {
    if (active) active.generationId = String(data.generationId);
    // Spec §4: the prompt box is cleared once the request is under way.
    if (attempt.kind === "new" && $prompt.get().trim() === attempt.request.content.trim()) {
      $prompt.set("");
    }
    update({
      writing: {
        ...writing,
        generationId: String(data.generationId),
        subject: String(data.subject ?? ""),
      },
    });
  } else if (message.event === "queued") {
    update({ queuePosition: Number(data.position) || null });
  } else if (message.event === "reset") {
    update({ writing: { ...writing, text: "" } });
  } else if (message.event === "done") {
    const modelUsed = String(data.modelUsed);
    if (modelUsed === "stopped") {
      endStopped(attempt, {
        words: Number(data.stoppedWords) || 0,
        credits: Number(data.charged) || 0,
        byWriter: data.stoppedBy === "writer",
      });
      return true;
    }
    keep(attempt, {
      ...writing,
      modelUsed,
      modelName: typeof data.modelName === "string" ? data.modelName : null,
      templateReason: (data.templateReason as TemplateReason | undefined) ?? null,
    });
    showToast({
      title: successToastTitle($language.get(), attempt.request.contentType, modelUsed),
      variant: "success",
    });
    return true;
  } else if (message.event === "error") {
    // After Stop, the server's "cancelled" is the answer to it, not a failure.
    if (active?.stopping) endStopped(attempt);
    else failed(attempt, failureText(data as FailureBody, "error.generic"));
    return true;
  }
  return false;
}

/**
 * Spec §4 and §8: streams one attempt into the result panel. A 402 opens the credit dialog
 * instead of a toast; other failures toast in the selected UI language. Whatever fails,
 * the prompt and the previous result stay (decision 035).
 */
async function run(attempt: Attempt): Promise<void> {
  if (active) return;
  const controller = new AbortController();
  active = { controller, generationId: null, stopping: false };
  lastAttempt = attempt;
  update({
    busy: true,
    error: null,
    errorAction: "retry",
    queuePosition: null,
    writing: {
      request: attempt.request,
      generationId: null,
      subject: "",
      text: "",
      modelUsed: null,
      modelName: null,
      templateReason: null,
    },
  });
  try {
    let response: Response;
    try {
      response = await fetch("/api/email/generate", {
        method: "POST",
        credentials: "same-origin",
        signal: controller.signal,
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify(attempt.request),
      });
    } catch (error) {
      if ((error as Error).name !== "AbortError") failed(attempt, t("error.network"));
      return;
    }
    if (!response.ok) {
      let body: FailureBody & { isGuest?: boolean } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        // Not JSON: the status says enough.
      }
      if (response.status === 402 && body.code === "INSUFFICIENT_CREDITS") {
        giveUp(attempt, failureText(body, "error.generic"), "credits");
        openCreditDialog(Boolean(body.isGuest));
        return;
      }
      const fallback = t("error.server", { status: String(response.status) });
      failed(attempt, body.message || body.code ? failureText(body, "error.generic") : fallback);
      return;
    }
    if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
      // A JSON answer where a stream was asked for: a proxy's or an old server's. Spec §8:
      // its message, or "Failed to generate …" when it has none.
      let body: FailureBody & { success?: boolean } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        // Not JSON either: the generic message below.
      }
      failed(attempt, failureText(body, "error.generic"));
      return;
    }
    try {
      await readEvents(attempt, response);
    } catch (error) {
      if ((error as Error).name !== "AbortError") lostConnection(attempt);
    }
  } finally {
    active = null;
    invalidateCreditStatus();
    invalidateHistory();
  }
}

/** A new request from the form. */
export function generate(request: GenerationRequestBody): Promise<void> {
  return run({ request: { ...request, variant: 1 }, kind: "new" });
}

/** The same request, whatever its variant. */
function sameRequest(a: GenerationRequestBody, b: GenerationRequestBody): boolean {
  const key = ({ variant: _variant, ...rest }: GenerationRequestBody) => JSON.stringify(rest);
  return key(a) === key(b);
}

/** Regenerate: the shown version's request again, as a new variant (never the same text). */
export function regenerate(): void {
  const { versions, shown } = $desk.get();
  const version = versions[shown];
  if (!version) return;
  const written = versions
    .filter((other) => sameRequest(other.request, version.request))
    .map((other) => other.request.variant ?? 1);
  const variant = Math.min(Math.max(...written) + 1, MAX_VARIANT);
  void run({ request: { ...version.request, variant }, kind: "variant" });
}

/** Shorter, Longer, More formal, Friendlier, Translate: a follow-up to the shown text. */
export function refine(action: Refinement, translateTo?: Language): void {
  const version = shownVersion($desk.get());
  if (!version?.generationId) return;
  void run({
    request: {
      ...version.request,
      variant: 1,
      language: action === "translate" && translateTo ? translateTo : version.request.language,
      refine: { parentId: version.generationId, action },
    },
    kind: "refine",
  });
}

/**
 * Edit → Save: the shown version, changed by hand, becomes a new version ("Edited"), free
 * and kept in the history. Resolves true once saved.
 */
export async function saveEditedText(text: string): Promise<boolean> {
  const version = shownVersion($desk.get());
  if (!version?.generationId || $desk.get().busy) return false;
  let saved: { ok: boolean; body: FailureBody & { generationId?: string } };
  try {
    saved = await apiFetch<{ generationId: string }>("/api/email/edit", {
      json: { parentId: version.generationId, text },
    });
  } catch {
    showToast({ title: t("toast.editFailed"), description: t("error.network"), variant: "error" });
    return false;
  }
  if (!saved.ok || !saved.body.generationId) {
    const description = failureText(saved.body, "toast.editFailed");
    showToast({ title: t("toast.editFailed"), description, variant: "error" });
    return false;
  }
  const { versions } = $desk.get();
  const edited: TextVersion = {
    ...version,
    generationId: saved.body.generationId,
    text,
    edited: true,
    stopped: null,
    modelUsed: version.modelUsed === "stopped" ? null : version.modelUsed,
  };
  update({ versions: [...versions, edited], shown: versions.length, error: null });
  invalidateHistory();
  showToast({ title: t("toast.editSaved"), variant: "success" });
  return true;
}

/** Sends the failed attempt again. */
export function retry(): void {
  if (lastAttempt) void run(lastAttempt);
}

export function showVersion(index: number): void {
  const { versions } = $desk.get();
  if (index >= 0 && index < versions.length) update({ shown: index, error: null });
}

export function dismissError(): void {
  update({ error: null });
}

/** How long a stopped stream may take to end with the server's word on it. */
const STOP_ANSWER_MS = 5_000;

/**
 * Stop: the server ends the text with the words that reached us and says what they cost
 * (nothing delivered: refunded), on whichever instance writes it. Before the text has an
 * id, leaving is enough: nothing has reached us, so nothing is charged.
 */
export async function stopGeneration(): Promise<void> {
  const current = active;
  const attempt = lastAttempt;
  if (!current || !attempt || current.stopping) return;
  current.stopping = true;
  const { generationId } = current;
  let cancelled = false;
  if (generationId) {
    try {
      const response = await fetch("/api/email/cancel", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ generationId }),
      });
      cancelled =
        response.ok && Boolean(((await response.json()) as { cancelled?: boolean }).cancelled);
    } catch {
      // Unreachable: leaving below is the stop.
    }
  }
  // Finished while the cancel was on its way (and perhaps another attempt began).
  if (active !== current) return;
  if (cancelled) {
    // The stream ends with the server's verdict; if it does not come, stop waiting for it.
    setTimeout(() => {
      if (active !== current) return;
      current.controller.abort();
      endStopped(attempt);
    }, STOP_ANSWER_MS);
    return;
  }
  current.controller.abort();
  endStopped(attempt);
}
