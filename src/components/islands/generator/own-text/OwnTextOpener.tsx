import { lazy, Suspense, useState } from "react";
import { useMessages } from "#components/ui/use-messages.ts";
import { useCaseLink } from "../form/UseCasePicker.tsx";

/** The dialog, its text box and the file reader load when the button is first pressed. */
const OwnTextDialog = lazy(() => import("./OwnTextDialog.tsx"));

/**
 * "Start from your text" (issue 26): the one piece of it in the page's first JavaScript
 * (DESIGN §11's budget); the rest comes with the dialog.
 */
export function OwnTextOpener() {
  const { t } = useMessages();
  const [open, setOpen] = useState(false);
  return (
    <p className="text-sm">
      <button
        type="button"
        aria-haspopup="dialog"
        className={useCaseLink}
        onClick={() => setOpen(true)}
      >
        {t("ownText.open")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <OwnTextDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </p>
  );
}
