import type { FailedAnswer } from "#shared/api/failures.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { DeskState, TextVersion } from "#generator/state/desk.ts";
import type { GenerationEvent } from "./generation-stream.ts";

/** The version an attempt writes, before its first word. */
export function unwritten(request: GenerationRequestBody): TextVersion {
  return {
    request,
    generationId: null,
    subject: "",
    text: "",
    modelUsed: null,
    modelName: null,
    templateReason: null,
  };
}

/**
 * A passage change's stream carries the new passage only (decision 089): it is shown in
 * its place, between the parent's text before and after the range the server replaces.
 */
export interface PassagePlace {
  around: { before: string; after: string } | null;
  written: string;
}

export function placed({ around, written }: PassagePlace): Pick<TextVersion, "text" | "passage"> {
  const { before, after } = around!;
  return {
    text: before + written + after,
    passage: { start: before.length, end: before.length + written.length },
  };
}

/** The version being written, with words that just arrived. */
export function withArrived(writing: TextVersion, place: PassagePlace, arrived: string) {
  if (!place.around) return { ...writing, text: writing.text + arrived };
  place.written += arrived;
  return { ...writing, ...placed(place) };
}

/** How long arriving words gather before the panel shows them. */
const DELTA_FLUSH_MS = 50;

/**
 * Words that arrived together reach the panel together: a chunk of the stream can hold
 * thousands of deltas, and a render for each, all in one task, froze the tab for seconds.
 */
export function batchedText(show: (arrived: string) => void) {
  let arrived = "";
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    if (arrived) show(arrived);
    arrived = "";
  };
  return {
    add(text: string) {
      arrived += text;
      flushTimer ??= setTimeout(flush, DELTA_FLUSH_MS);
    },
    flush,
  };
}

/** What one event other than text does to the version being written. */
export type EventStep =
  | { step: "start"; writing: TextVersion & { generationId: string } }
  | { step: "update"; desk: Partial<DeskState> }
  | { step: "stopped"; writing: TextVersion; stopped: NonNullable<TextVersion["stopped"]> }
  | { step: "finished"; version: TextVersion & { modelUsed: string } }
  | { step: "failed"; answer: FailedAnswer }
  | null;

/**
 * Reads one event into the version being written; `parentText` is a passage change's
 * parent, whose text stands around the new passage.
 */
export function eventStep(
  message: GenerationEvent,
  writing: TextVersion,
  place: PassagePlace,
  parentText: string | undefined,
): EventStep {
  if (message.event === "start") {
    const { generationId, subject, passage } = message.data;
    if (passage && parentText !== undefined) {
      const before = parentText.slice(0, passage.start);
      place.around = { before, after: parentText.slice(passage.end) };
    }
    const shown = place.around ? placed(place) : {};
    return { step: "start", writing: { ...writing, generationId, subject, ...shown } };
  }
  if (message.event === "queued") {
    return { step: "update", desk: { queuePosition: message.data.position || null } };
  }
  if (message.event === "reset") {
    place.written = "";
    const restarted = { ...writing, ...(place.around ? placed(place) : { text: "" }) };
    return { step: "update", desk: { writing: restarted } };
  }
  if (message.event === "done") {
    const { modelUsed, stoppedWords, charged, stoppedBy, modelName, templateReason } = message.data;
    // A passage change's version, as the server kept it.
    const { content, passage } = message.data;
    const kept = content !== undefined ? { ...writing, text: content, passage } : writing;
    if (modelUsed === "stopped") {
      const stopped = {
        words: stoppedWords ?? 0,
        credits: charged ?? 0,
        byWriter: stoppedBy === "writer",
      };
      return { step: "stopped", writing: { ...kept, charged: charged ?? null }, stopped };
    }
    const version = {
      ...kept,
      charged: charged ?? null,
      modelUsed,
      modelName: modelName ?? null,
      templateReason: templateReason ?? null,
    };
    return { step: "finished", version };
  }
  if (message.event === "error") return { step: "failed", answer: message.data };
  return null;
}
