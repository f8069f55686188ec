import type { ReactNode } from "react";

/**
 * The result panel's layout: its heading with the version picker and badge beside it, the
 * notes, the text and what is under it. The panel before a text and the shown text
 * (loaded on first use) share it, so that nothing moves when the one replaces the other.
 */
export function PanelFrame({
  heading,
  aside,
  notes,
  children,
}: {
  heading: ReactNode;
  /** Beside the heading: the version picker and the model's badge. */
  aside?: ReactNode;
  notes: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>{heading}</div>
        <div className="flex items-center gap-2">{aside}</div>
      </div>
      {notes}
      {children}
    </>
  );
}
