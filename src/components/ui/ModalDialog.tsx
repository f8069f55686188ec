import { useEffect, useId, useRef, type ReactNode } from "react";
import { useMessages } from "./use-messages.ts";

interface ModalDialogProps {
  open: boolean;
  /** Called when the visitor closes it: Escape, the backdrop, or a close button. */
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  /** Room for a whole text (the history viewer) instead of a short question. */
  wide?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and draws the
 * backdrop. Radix Dialog's scroll lock injects a <style> element, which the CSP (no
 * 'unsafe-inline') refuses; the native element needs no inline style at all.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  wide,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { t } = useMessages();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes it; from the keyboard, Escape does (native to <dialog>)
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> element itself.
        if (event.target === ref.current) ref.current?.close();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-3xl" : "max-w-md"} rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-white`}
    >
      <div className="relative p-6">
        <h2
          id={`${id}-title`}
          className="pe-8 text-lg font-semibold text-slate-900 dark:text-white"
        >
          {title}
        </h2>
        <div id={`${id}-description`} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {description}
        </div>
        {children}
        {/* Last in order, so the dialog's first control keeps the focus it opens with. */}
        <button
          type="button"
          aria-label={t("common.close")}
          onClick={() => ref.current?.close()}
          className="absolute end-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </dialog>
  );
}
