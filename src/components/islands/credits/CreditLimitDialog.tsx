import { useStore } from "@nanostores/react";
import { lazy, Suspense, useState } from "react";
import { $creditDialog } from "#stores/credit-dialog.ts";

/** Most visits never run out of credits: the dialog's code loads when it first opens. */
const CreditLimitDialogBody = lazy(() => import("./CreditLimitDialogBody.tsx"));

/** Spec §8's credit-limit dialog, mounted on / and loaded on its first opening. */
export default function CreditLimitDialog() {
  const { open } = useStore($creditDialog);
  // Once opened, the body stays mounted (closed), so that it opens again at once.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return (
    <Suspense fallback={null}>
      <CreditLimitDialogBody />
    </Suspense>
  );
}
