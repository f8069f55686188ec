import { atom } from "nanostores";
import type { VersionOrigin } from "#i18n/wording.ts";
import { hasDeskMemory } from "#generator/lib/desk-memory.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import type { AttemptFailure } from "#generator/lib/attempt-failure.ts";
import type { GenerationRequestBody, PassageRange } from "#shared/schemas/generation.ts";
import type { TemplateReason } from "./engines.ts";

/** One text in the result panel: a first answer, another variant, or a refinement. */
export interface TextVersion {
  /** What was sent for it; Regenerate sends it again as another variant. */
  request: GenerationRequestBody;
  generationId: string | null;
  subject: string;
  text: string;
  modelUsed: string | null;
  /** The model its writer used (when the server said), for its badge. */
  modelName: string | null;
  /** Set for a template draft: why no AI writer wrote it. */
  templateReason: TemplateReason | null;
  /** A stopped text: the words that reached us, and what the server charged for them. */
  stopped?: { words: number; credits: number; byWriter?: boolean } | null;
  /** Saved from the editor: the writer's words changed by hand. */
  edited?: boolean;
  /** A passage change: where its new passage stands in `text` (marked until it is kept). */
  passage?: PassageRange | null;
  /** A passage change or an instruction: what it cost, priced by what it wrote. */
  charged?: number | null;
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
  /**
   * Why the last attempt failed, as keys the panel words (so a language switch re-words it);
   * the panel offers Retry and keeps the previous text.
   */
  error: AttemptFailure | null;
  /** What the error box offers: Retry, the credit options, or nothing (text was kept). */
  errorAction: "retry" | "credits" | "none";
  /** The last attempt was stopped before its first word: nothing was kept or charged. */
  stoppedBeforeWords?: boolean;
  /** The last refusal's answer when it named fields (`fields.<id>`): the form shows them there. */
  fieldFailures?: FailedAnswer | null;
  /**
   * A passage change just written (the shown version): marked in the text until the person
   * keeps it, tries again or discards it, which shows `parent` again.
   */
  review?: { parent: number } | null;
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

/**
 * After a reload, the panel reads back the text it showed (issue 43): a skeleton, not the
 * placeholder, from its first render until then.
 */
export const $restoring = atom(hasDeskMemory());

/** The prompt box. It lives here so that only a successful start clears it (decision 035). */
export const $prompt = atom("");

export function updateDesk(patch: Partial<DeskState>): void {
  $desk.set({ ...$desk.get(), ...patch });
}

/** Where a version came from, for its label ("Original", "Shorter", "Edited", …). */
export function versionOrigin(version: TextVersion): VersionOrigin {
  return {
    refinement: version.edited ? "edited" : (version.request.refine?.action ?? null),
    variant: version.request.variant ?? 1,
    language: version.request.language,
    instruction: version.request.refine?.instruction ?? null,
    passage: version.request.refine?.passage ?? null,
    modelUsed: version.modelUsed,
  };
}

/** The version the panel shows when nothing is being written. */
export function shownVersion(state: DeskState): TextVersion | null {
  return state.versions[state.shown] ?? null;
}

export function showVersion(index: number): void {
  const { versions } = $desk.get();
  if (index >= 0 && index < versions.length) {
    updateDesk({ shown: index, error: null, stoppedBeforeWords: false });
  }
}

export function dismissError(): void {
  updateDesk({ error: null });
}
