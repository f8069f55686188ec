import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { folderWords } from "#i18n/folders.ts";
import { chooseDeskFolder } from "#generator/lib/choose-desk-folder.ts";
import { $folders } from "#generator/state/folders.ts";
import { changeHistoryFilters } from "#generator/state/history.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { historyButton } from "./history-button.ts";

/** Managing folders is rare: its dialog loads on first use. */
const FolderManager = lazy(() => import("./FolderManager.tsx"));

const control =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/**
 * The history's folder filter (issue 28): all texts, those in no folder, or one folder's;
 * with a folder chosen, a way to write a new text into it. "Manage folders" opens the
 * dialog that makes, renames and deletes them and sets their voices.
 */
export function FolderFilter({ folder }: { folder: string }) {
  const { t } = useMessages(folderWords);
  const { data } = useStore($folders);
  const [managing, setManaging] = useState(false);
  const folders = data?.folders ?? [];
  const chosen = folders.find((f) => f.id === folder);

  // A folder deleted (here or in another tab) is a filter no longer.
  useEffect(() => {
    if (data && folder && folder !== "none" && !chosen) changeHistoryFilters({ folder: "" });
  }, [data, folder, chosen]);

  function writeHere() {
    if (!chosen) return;
    chooseDeskFolder({ id: chosen.id, name: chosen.name });
    location.assign(`${pageInChosenLanguage("/")}#generator`);
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <select
        aria-label={t("folders.filter")}
        value={folder}
        onChange={(event) => changeHistoryFilters({ folder: event.target.value })}
        className={`${control} min-w-0 flex-1 sm:flex-none`}
      >
        <option value="">{t("folders.all")}</option>
        <option value="none">{t("folders.unfiled")}</option>
        {folders.map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
        {/* The address's folder, until the list says whether it is still there. */}
        {!data && folder && folder !== "none" && <option value={folder}>…</option>}
      </select>
      <button type="button" className={historyButton} onClick={() => setManaging(true)}>
        {t("folders.manage")}
      </button>
      {chosen && (
        <button type="button" className={historyButton} onClick={writeHere}>
          {t("folders.writeHere", { name: chosen.name })}
        </button>
      )}
      {managing && (
        <Suspense fallback={null}>
          <FolderManager onClose={() => setManaging(false)} />
        </Suspense>
      )}
    </div>
  );
}
