import { atom } from "nanostores";

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
