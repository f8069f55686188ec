import { lazy } from "react";
import { useMessages } from "#components/ui/use-messages.ts";
import { DialogLink } from "../form/DialogLink.tsx";

/** The dialog, its text box and the file reader load when the button is first pressed. */
const OwnTextDialog = lazy(() => import("./OwnTextDialog.tsx"));

/**
 * "Start from your text" (issue 26): the one piece of it in the page's first JavaScript
 * (DESIGN §11's budget); the rest comes with the dialog.
 */
export function OwnTextOpener() {
  const { t } = useMessages();
  return (
    <DialogLink label={t("ownText.open")} dialog={(close) => <OwnTextDialog onClose={close} />} />
  );
}
