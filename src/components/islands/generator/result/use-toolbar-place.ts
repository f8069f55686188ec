import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * Where the passage toolbar stands: under the passage, or over it near the window's foot,
 * always in the window. Placed again on scroll, resize and when the toolbar grows (`asking`).
 */
export function useToolbarPlace(
  toolbar: RefObject<HTMLDivElement | null>,
  range: Range | null,
  asking: boolean,
): { top: number; left: number } {
  const [position, setPosition] = useState({ top: 0, left: 0 });
  useLayoutEffect(() => {
    if (!range) return;
    const place = () => {
      const box = toolbar.current?.getBoundingClientRect();
      const rect = range.getBoundingClientRect();
      if (!box) return;
      const room = window.innerHeight - rect.bottom;
      const below = room > box.height + 12 ? rect.bottom + 6 : rect.top - box.height - 6;
      // Always in the window, even while the passage is scrolled out of it.
      const top = Math.min(Math.max(6, below), window.innerHeight - box.height - 6);
      const left = Math.min(Math.max(6, rect.left), window.innerWidth - box.width - 6);
      setPosition((was) => (was.top === top && was.left === left ? was : { top, left }));
    };
    place();
    addEventListener("scroll", place, { capture: true, passive: true });
    addEventListener("resize", place);
    return () => {
      removeEventListener("scroll", place, { capture: true });
      removeEventListener("resize", place);
    };
  }, [range, asking, toolbar]);
  return position;
}
