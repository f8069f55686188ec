import { describeFailure, successToastTitle } from "#i18n/messages.ts";
import type { GenerationEvent } from "#client/generation-stream.ts";
import { $desk, $prompt, updateDesk } from "./desk.ts";
import { $language } from "./preferences.ts";
import { showToast } from "./toasts.ts";
import { endStopped, failed, keep, lostConnection, type Attempt } from "./attempt-endings.ts";

/** What the attempt under way shares with Stop. */
export interface AttemptControl {
  /** Known once the server has started the text; Stop needs it. */
  generationId: string | null;
  /** Stop was pressed: the stream's last events are its answer, not a failure. */
  stopping: boolean;
}

/** Reads the server-sent events of one attempt into the desk. */
export async function readEvents(
  attempt: Attempt,
  events: AsyncIterable<GenerationEvent>,
  control: AttemptControl,
): Promise<void> {
  // Words that arrived together reach the panel together: a chunk of the stream can hold
  // thousands of deltas, and a render for each, all in one task, froze the tab for seconds.
  let arrived = "";
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const current = $desk.get().writing;
    if (!arrived || !current) return;
    updateDesk({ writing: { ...current, text: current.text + arrived }, queuePosition: null });
    arrived = "";
  };
  try {
    for await (const message of events) {
      if (message.event === "delta") {
        arrived += message.data.text;
        flushTimer ??= setTimeout(flush, DELTA_FLUSH_MS);
        continue;
      }
      flush();
      if (handleEvent(attempt, message, control)) return;
    }
  } finally {
    flush();
  }
  // The stream ended without a verdict (connection lost).
  if (control.stopping) return endStopped(attempt);
  lostConnection(attempt);
}

/** How long arriving words gather before the panel shows them. */
const DELTA_FLUSH_MS = 50;

/** One event other than text; true once the attempt has its verdict. */
function handleEvent(attempt: Attempt, message: GenerationEvent, control: AttemptControl): boolean {
  const writing = $desk.get().writing;
  if (!writing) return true; // Stopped meanwhile.
  if (message.event === "start") {
    const { generationId, subject } = message.data;
    control.generationId = generationId;
    // Spec §4: the prompt box is cleared once the request is under way.
    if (attempt.kind === "new" && $prompt.get().trim() === (attempt.request.content ?? "").trim()) {
      $prompt.set("");
    }
    updateDesk({
      writing: {
        ...writing,
        generationId,
        subject,
      },
    });
  } else if (message.event === "queued") {
    updateDesk({ queuePosition: message.data.position || null });
  } else if (message.event === "reset") {
    updateDesk({ writing: { ...writing, text: "" } });
  } else if (message.event === "done") {
    const { modelUsed, stoppedWords, charged, stoppedBy, modelName, templateReason } = message.data;
    if (modelUsed === "stopped") {
      endStopped(attempt, {
        words: stoppedWords ?? 0,
        credits: charged ?? 0,
        byWriter: stoppedBy === "writer",
      });
      return true;
    }
    keep(attempt, {
      ...writing,
      modelUsed,
      modelName: modelName ?? null,
      templateReason: templateReason ?? null,
    });
    showToast({
      title: successToastTitle($language.get(), attempt.request.contentType, modelUsed),
      variant: "success",
    });
    return true;
  } else if (message.event === "error") {
    // After Stop, the server's "cancelled" is the answer to it, not a failure.
    if (control.stopping) endStopped(attempt);
    else failed(attempt, describeFailure($language.get(), message.data, "error.generic"));
    return true;
  }
  return false;
}
