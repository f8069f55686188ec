import type { RefineAction } from "#shared/generation.ts";
import type { PassageRange } from "#shared/schemas/generation.ts";
import { apiFetch } from "#client/http.ts";
import { $desk, shownVersion, updateDesk } from "./desk.ts";
import { run } from "./generation.ts";
import { invalidateHistory } from "./history-cache.ts";
import { $currentUser } from "#stores/user.ts";

/**
 * Changes to a shown text that the result panel's passage tools and its "Ask for a change"
 * box make (issue 43, decision 089). Loaded with the shown text, not with the page.
 */

/**
 * A passage change (issue 43): `passage` of the shown version (offsets into its Markdown)
 * rewritten by `action`, or written on from (`continue`), streamed into its place.
 */
export function changePassage(
  action: RefineAction,
  passage: PassageRange,
  instruction?: string,
): void {
  const { versions, shown } = $desk.get();
  const version = versions[shown];
  if (!version?.generationId) return;
  void run({
    request: {
      ...version.request,
      variant: 1,
      refine: {
        parentId: version.generationId,
        action,
        passage,
        ...(instruction ? { instruction } : {}),
      },
    },
    kind: "passage",
    parent: { index: shown, text: version.text },
  });
}

/** "Ask for a change": the person's words, a new version of the whole shown text. */
export function askForChange(instruction: string): void {
  const version = shownVersion($desk.get());
  if (!version?.generationId) return;
  void run({
    request: {
      ...version.request,
      variant: 1,
      refine: { parentId: version.generationId, action: "instruction", instruction },
    },
    kind: "refine",
  });
}

/** Keep: the passage change under review stays, as the version it already is. */
export function keepPassage(): void {
  updateDesk({ review: null });
}

/**
 * Discard: the passage change under review goes (from history too, for an account), and
 * its parent is shown again. What it wrote stays paid: Discard is not a refund.
 */
export function discardPassage(): void {
  const { versions, shown, review } = $desk.get();
  const discarded = versions[shown];
  if (!review || !discarded) return;
  updateDesk({
    versions: versions.filter((_, i) => i !== shown),
    shown: review.parent,
    review: null,
  });
  // Asked of the signed-in user, not of the balance: a text just written refetches the
  // balance, and while it loads a guest would look like an account and get a 401.
  if (discarded.generationId && $currentUser.get().data?.user) {
    void apiFetch(`/api/email/delete/${discarded.generationId}`, { method: "DELETE" })
      .then(invalidateHistory)
      .catch(() => {
        // Offline: it stays in history, as any text kept.
      });
  }
}

/** Try again: the passage change under review is discarded and asked for once more. */
export function retryPassage(): void {
  const { versions, shown, review } = $desk.get();
  const refine = versions[shown]?.request.refine;
  if (!review || !refine?.passage) return;
  discardPassage();
  changePassage(refine.action, refine.passage, refine.instruction);
}
