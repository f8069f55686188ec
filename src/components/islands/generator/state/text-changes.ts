import {
  MAX_VARIANT,
  type Language,
  type RefineAction,
  type Refinement,
} from "#shared/generation.ts";
import type { GenerationRequestBody, PassageRange } from "#shared/schemas/generation.ts";
import { apiFetch } from "#client/http.ts";
import { $desk, shownVersion, updateDesk } from "./desk.ts";
import { run } from "./attempt.ts";
import { invalidateHistory } from "./history-cache.ts";
import { $currentUser } from "#stores/user.ts";

/**
 * Changes asked of the shown text: another variant, a refinement, a passage change from the
 * passage tools, the "Ask for a change" box (issue 43, decision 089). Loaded with the shown
 * text, not with the page.
 */

/** The same request, whatever its variant. */
function sameRequest(a: GenerationRequestBody, b: GenerationRequestBody): boolean {
  const key = ({ variant: _variant, variantOf: _of, ...rest }: GenerationRequestBody) =>
    JSON.stringify(rest);
  return key(a) === key(b);
}

/**
 * Regenerate: the shown version's request again, as a new variant (never the same text),
 * kept in the history under the text it is another version of.
 */
export function regenerate(): void {
  const { versions, shown } = $desk.get();
  const version = versions[shown];
  if (!version) return;
  const written = versions
    .filter((other) => sameRequest(other.request, version.request))
    .map((other) => other.request.variant ?? 1);
  const variant = Math.min(Math.max(...written) + 1, MAX_VARIANT);
  // A refinement's variant is already kept under its original, through its parent.
  const variantOf = version.request.refine ? undefined : (version.generationId ?? undefined);
  void run({ request: { ...version.request, variant, variantOf }, kind: "variant" });
}

/** Shorter, Longer, More formal, Friendlier, Translate: a follow-up to the shown text. */
export function refine(action: Refinement, translateTo?: Language): void {
  refineShown({ action }, action === "translate" ? translateTo : undefined);
}

/** A new version of the whole shown text, `refine` of it (in `language` when given). */
function refineShown(
  refine: Omit<NonNullable<GenerationRequestBody["refine"]>, "parentId">,
  language?: Language,
): void {
  const version = shownVersion($desk.get());
  if (!version?.generationId) return;
  void run({
    request: {
      ...version.request,
      variant: 1,
      language: language ?? version.request.language,
      refine: { parentId: version.generationId, ...refine },
    },
    kind: "refine",
  });
}

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
  refineShown({ action: "instruction", instruction });
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
