import { useStore } from "@nanostores/react";
import { lazy, Suspense, useRef } from "react";
import { $creditDialog } from "#stores/credit-dialog.ts";

/** Most visits never run out of credits: the dialog's code loads when it first opens. */
const CreditLimitDialogBody = lazy(() => import("./CreditLimitDialogBody.tsx"));

/** Spec §8's credit-limit dialog, mounted on / and loaded on its first opening. */
export default function CreditLimitDialog() {
  const { open } = useStore($creditDialog);
  const opened = useRef(false);
  if (open) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <CreditLimitDialogBody />
    </Suspense>
  );
}
