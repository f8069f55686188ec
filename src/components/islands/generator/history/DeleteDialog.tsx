import { useState } from "react";
import { apiFetch } from "#client/http.ts";
import { describeFailure } from "#i18n/wording.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { invalidateHistory } from "#generator/state/history-cache.ts";
import { showToast } from "#stores/toasts.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { fillNodes } from "#components/ui/message-nodes.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { historyButton } from "./history-button.ts";

/** "Delete this text?": deletes it for good once confirmed, then reads the page again. */
export function DeleteDialog({
  item,
  onClose,
}: {
  /** The text to delete; null when nothing is asked. */
  item: HistoryItem | null;
  onClose(): void;
}) {
  const { language: uiLanguage, t } = useMessages();
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!item) return;
    setDeleting(true);
    try {
      const { ok, body } = await apiFetch(`/api/email/delete/${item.id}`, {
        method: "DELETE",
      });
      if (ok && body.success) showToast({ title: t("history.deleted"), variant: "success" });
      else
        showToast({
          title: t("common.error"),
          description: describeFailure(uiLanguage, body, "history.deleteFailed"),
          variant: "error",
        });
    } catch {
      showToast({
        title: t("common.error"),
        description: t("history.deleteFailed"),
        variant: "error",
      });
    } finally {
      setDeleting(false);
      onClose();
      invalidateHistory();
    }
  }

  return (
    <ModalDialog
      open={item !== null}
      onClose={onClose}
      title={t("history.deleteTitle")}
      description={
        <p>
          {fillNodes(t("history.deleteBody"), {
            subject: <bdi>{item?.subject}</bdi>,
          })}
        </p>
      }
    >
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} className={historyButton}>
          {t("common.cancel")}
        </button>
        <button
          type="button"
          disabled={deleting}
          onClick={() => void confirmDelete()}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {deleting ? t("history.deleting") : t("history.delete")}
        </button>
      </div>
    </ModalDialog>
  );
}
