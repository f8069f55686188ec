import { useStore } from "@nanostores/react";
import { lazy, Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { $currentUser } from "#stores/user.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { FormState } from "./template-use-case.ts";
import { useCaseLink } from "./UseCasePicker.tsx";

/** The dialog and its words load when the button is first pressed (DESIGN §11). */
const TemplateDialog = lazy(() => import("./TemplateDialog.tsx"));

/** "Save as template" (issue 28), for a signed-in user: the form as it is, named. */
export function TemplateSaver({ form }: { form: FormState }) {
  const { t } = useMessages();
  const signedIn = Boolean(useStore($currentUser).data?.user);
  const [open, setOpen] = useState(false);
  if (!signedIn) return null;
  return (
    <p className="text-sm">
      <button
        type="button"
        aria-haspopup="dialog"
        className={useCaseLink}
        onClick={() => setOpen(true)}
      >
        {t("template.saveOpen")}
      </button>
      {/* Outside the generator's <form>: the dialog has a form of its own. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <TemplateDialog form={form} onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </p>
  );
}
