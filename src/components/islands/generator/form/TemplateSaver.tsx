import { useStore } from "@nanostores/react";
import { lazy } from "react";
import { $currentUser } from "#stores/user.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { FormState } from "./template-use-case.ts";
import { DialogLink } from "./DialogLink.tsx";

/** The dialog and its words load when the button is first pressed (DESIGN §11). */
const TemplateDialog = lazy(() => import("./TemplateDialog.tsx"));

/** "Save as template" (issue 28), for a signed-in user: the form as it is, named. */
export function TemplateSaver({ form }: { form: FormState }) {
  const { t } = useMessages();
  const signedIn = Boolean(useStore($currentUser).data?.user);
  if (!signedIn) return null;
  return (
    // Outside the generator's <form>: the dialog has a form of its own.
    <DialogLink
      label={t("template.saveOpen")}
      portal
      dialog={(close) => <TemplateDialog form={form} onClose={close} />}
    />
  );
}
