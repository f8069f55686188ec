import { Suspense, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useCaseLink } from "./UseCasePicker.tsx";

/**
 * A link-styled button under the form that opens a dialog whose code loads on the first
 * press (`lazy`, DESIGN §11's budget). `portal`: the dialog is rendered into the body, out
 * of the generator's <form>, when it has a form of its own.
 */
export function DialogLink({
  label,
  portal = false,
  dialog,
}: {
  label: string;
  portal?: boolean;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = open && <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense>;
  return (
    <p className="text-sm">
      <button
        type="button"
        aria-haspopup="dialog"
        className={useCaseLink}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {shown && portal ? createPortal(shown, document.body) : shown}
    </p>
  );
}
