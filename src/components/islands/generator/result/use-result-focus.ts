import { useEffect, useRef, type RefObject } from "react";
import type { AttemptFailure } from "#generator/lib/attempt-failure.ts";

/**
 * A text starts, or an attempt failed: the panel's top (badge, status, picker, error box)
 * comes into view, on a phone where the form stands above it and on a desktop scrolled
 * down to the Generate button. Left alone when it is already in sight.
 */
export function useScrollToResult(
  panel: RefObject<HTMLElement | null>,
  streaming: boolean,
  error: AttemptFailure | null,
): void {
  useEffect(() => {
    if ((streaming || error) && panel.current) scrollResultIntoSight(panel.current);
  }, [streaming, error, panel]);
}

/** The panel's top into view, unless it is in the upper half of the screen already. */
export function scrollResultIntoSight(element: HTMLElement): void {
  const { top } = element.getBoundingClientRect();
  const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
  if (top >= header && top <= window.innerHeight / 2) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

/**
 * Stop and Regenerate take each other's place: focus on the one that went moves to what
 * stands there now, not to <body>, where a keyboard user would start over.
 */
export function useFocusOnSwap(actionRow: RefObject<HTMLElement | null>, streaming: boolean) {
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    // Shown with a text already there (read back after a reload): nothing was swapped.
    if (first && !streaming) return;
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    actionRow.current?.querySelector("button")?.focus({ preventScroll: true });
  }, [streaming, actionRow]);
}
