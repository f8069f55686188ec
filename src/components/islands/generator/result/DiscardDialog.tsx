import { useStore } from "@nanostores/react";
import { $discardQuestion } from "#generator/state/text-edit.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import type { Translate } from "#components/ui/use-messages.ts";

/**
 * "Discard your changes?": Cancel, Escape, Generate or Retry with changes in the editor
 * ask first; Discard closes the editor and goes on with what was asked.
 */
export function DiscardDialog({ onDiscard, t }: { onDiscard(): void; t: Translate }) {
  const discardQuestion = useStore($discardQuestion);
  return (
    <ModalDialog
      open={discardQuestion !== null}
      onClose={() => $discardQuestion.set(null)}
      title={t("desk.discardTitle")}
      description={<p>{t("desk.discardBody")}</p>}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={() => $discardQuestion.set(null)}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
        >
          {t("desk.keepEditing")}
        </button>
        <button
          type="button"
          onClick={() => {
            $discardQuestion.set(null);
            onDiscard();
            discardQuestion?.then();
          }}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          {t("desk.discard")}
        </button>
      </div>
    </ModalDialog>
  );
}
