import { describeFailure, successToastTitle } from "#i18n/wording.ts";
import type { GenerationEvent } from "#client/generation-stream.ts";
import { $desk, $prompt, updateDesk, type TextVersion } from "./desk.ts";
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
  const place: PassagePlace = { around: null, written: "" };
  const flush = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    const current = $desk.get().writing;
    if (!arrived || !current) return;
    if (place.around) {
      place.written += arrived;
      updateDesk({ writing: { ...current, ...placed(place) }, queuePosition: null });
    } else {
      updateDesk({ writing: { ...current, text: current.text + arrived }, queuePosition: null });
    }
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
      if (handleEvent(attempt, message, control, place)) return;
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

/**
 * A passage change's stream carries the new passage only (decision 089): it is shown in
 * its place, between the parent's text before and after the range the server replaces.
 */
interface PassagePlace {
  around: { before: string; after: string } | null;
  written: string;
}

function placed({ around, written }: PassagePlace): Pick<TextVersion, "text" | "passage"> {
  const { before, after } = around!;
  return {
    text: before + written + after,
    passage: { start: before.length, end: before.length + written.length },
  };
}

/**
 * A refinement's toast names what was written ("Shorter version written"). Its words load
 * with the shown text, which is on screen by now (DESIGN §11).
 */
function toastRefined(attempt: Attempt): void {
  const { refine, language } = attempt.request;
  void import("#i18n/outcomes.ts").then(
    ({ refinedToastTitle }) =>
      showToast({
        title: refinedToastTitle($language.get(), refine?.action ?? "", language),
        variant: "success",
      }),
    () => {},
  );
}

/** One event other than text; true once the attempt has its verdict. */
function handleEvent(
  attempt: Attempt,
  message: GenerationEvent,
  control: AttemptControl,
  place: PassagePlace,
): boolean {
  const writing = $desk.get().writing;
  if (!writing) return true; // Stopped meanwhile.
  if (message.event === "start") {
    const { generationId, subject, passage } = message.data;
    control.generationId = generationId;
    const parent = attempt.parent?.text;
    if (passage && parent !== undefined) {
      place.around = { before: parent.slice(0, passage.start), after: parent.slice(passage.end) };
    }
    // Spec §4: the prompt box is cleared once the request is under way.
    if (attempt.kind === "new" && $prompt.get().trim() === (attempt.request.content ?? "").trim()) {
      $prompt.set("");
    }
    updateDesk({
      writing: {
        ...writing,
        generationId,
        subject,
        ...(place.around ? placed(place) : {}),
      },
    });
  } else if (message.event === "queued") {
    updateDesk({ queuePosition: message.data.position || null });
  } else if (message.event === "reset") {
    place.written = "";
    updateDesk({ writing: { ...writing, ...(place.around ? placed(place) : { text: "" }) } });
  } else if (message.event === "done") {
    const { modelUsed, stoppedWords, charged, stoppedBy, modelName, templateReason } = message.data;
    // A passage change's version, as the server kept it.
    const { content, passage } = message.data;
    const kept = content !== undefined ? { ...writing, text: content, passage } : writing;
    if (modelUsed === "stopped") {
      updateDesk({ writing: { ...kept, charged: charged ?? null } });
      endStopped(attempt, {
        words: stoppedWords ?? 0,
        credits: charged ?? 0,
        byWriter: stoppedBy === "writer",
      });
      return true;
    }
    keep(attempt, {
      ...kept,
      charged: charged ?? null,
      modelUsed,
      modelName: modelName ?? null,
      templateReason: templateReason ?? null,
    });
    // A passage change is announced by what the panel offers next (Keep, Try again, Discard).
    if (attempt.kind === "refine") toastRefined(attempt);
    else if (attempt.kind !== "passage") {
      const { contentType } = attempt.request;
      showToast({
        title: successToastTitle($language.get(), contentType, modelUsed, modelName),
        variant: "success",
      });
    }
    return true;
  } else if (message.event === "error") {
    // After Stop, the server's "cancelled" is the answer to it, not a failure.
    if (control.stopping) endStopped(attempt);
    else failed(attempt, describeFailure($language.get(), message.data, "error.generic"));
    return true;
  }
  return false;
}
