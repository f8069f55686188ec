import { useEffect, useRef, type RefObject } from "react";
import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { PassageRange } from "#shared/schemas/generation.ts";
import { markRange, shownRange } from "#generator/lib/passage-dom.ts";
import type { TextVersion } from "#generator/state/desk.ts";
import { discardPassage, keepPassage, retryPassage } from "#generator/state/text-changes.ts";
import { paidAction } from "../paid-action.ts";
import { actionButton } from "./action-button.ts";

/**
 * A passage change just written: what it cost, and Keep, Try again or Discard. Keep is
 * focused, as Stop was: the keyboard goes on where the change was asked for; the bar is
 * scrolled into view, the least that shows it (on a phone it lies below a long text).
 */
export function PassageReview({
  version,
  outOfCredits,
}: {
  version: TextVersion;
  /** Try again is a paid passage change. */
  outOfCredits: boolean;
}) {
  const { t: m } = useMessages(passageWords);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keep.current?.focus({ preventScroll: true });
    keep.current?.parentElement?.scrollIntoView({ block: "nearest" });
  }, []);
  const credits = version.stopped?.credits ?? version.charged ?? 0;
  return (
    <div
      role="group"
      aria-labelledby="passage-review-note"
      data-testid="passage-review"
      className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <span id="passage-review-note" role="status" className="mr-auto">
        {m(version.stopped ? "passage.reviewStopped" : "passage.review", {
          credits,
        })}
      </span>
      <button ref={keep} type="button" className={actionButton} onClick={keepPassage}>
        {m("passage.keep")}
      </button>
      <button type="button" className={actionButton} {...paidAction(outOfCredits, retryPassage)}>
        {m("passage.tryAgain")}
      </button>
      <button type="button" className={actionButton} onClick={discardPassage}>
        {m("passage.discard")}
      </button>
    </div>
  );
}

/**
 * Marks a new passage in the shown text while it is written and until it is kept (a CSS
 * highlight: the rendered HTML is not touched), again whenever the text is re-rendered.
 */
export function usePassageMark(
  textRef: RefObject<HTMLElement | null>,
  text: string,
  passage: PassageRange | null | undefined,
): void {
  const start = passage?.start ?? 0;
  const end = passage?.end ?? 0;
  useEffect(() => {
    const container = textRef.current;
    if (!container || end <= start) return;
    const mark = () => markRange("passage-new", shownRange(container, text, { start, end }));
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      markRange("passage-new", null);
    };
  }, [textRef, text, start, end]);
}
