import { useStore } from "@nanostores/react";
import { useState } from "react";
import { describeFailure } from "#i18n/wording.ts";
import { folderWords } from "#i18n/folders.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { $folders, fileTextInto } from "#generator/state/folders.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/**
 * "Move to folder" for one text (issue 28): its folder, changed at once for every version
 * of it. Shown once the account has a folder, or while the text is in one.
 */
export function MoveToFolder({ item }: { item: HistoryItem }) {
  const { language, t } = useMessages();
  const { t: f } = useMessages(folderWords);
  const folders = useStore($folders).data?.folders ?? [];
  // The choice shows at once, until the history's next page says where the text is.
  const [shown, setShown] = useState<{ from: HistoryItem["folderId"]; value: string } | null>(null);
  const [moving, setMoving] = useState(false);
  const current = shown && shown.from === item.folderId ? shown.value : (item.folderId ?? "");
  if (folders.length === 0 && !item.folderId) return null;

  async function move(folderId: string) {
    setShown({ from: item.folderId, value: folderId });
    setMoving(true);
    try {
      const { ok, body } = await fileTextInto(item.id, folderId || null);
      if (!ok) setShown(null);
      const name = folders.find((folder) => folder.id === folderId)?.name ?? "";
      showToast(
        ok
          ? {
              title: folderId ? f("folders.moved", { name }) : f("folders.takenOut"),
              variant: "success",
            }
          : {
              title: t("common.error"),
              description: describeFailure(language, body),
              variant: "error",
            },
      );
    } catch {
      setShown(null);
      showToast({ title: t("common.error"), description: t("error.network"), variant: "error" });
    } finally {
      setMoving(false);
    }
  }

  return (
    <select
      aria-label={f("folders.moveNamed", { subject: item.subject })}
      value={current}
      disabled={moving}
      onChange={(event) => void move(event.target.value)}
      className="max-w-44 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
    >
      <option value="">{f("folders.noFolder")}</option>
      {folders.map((folder) => (
        <option key={folder.id} value={folder.id}>
          {folder.name}
        </option>
      ))}
    </select>
  );
}
