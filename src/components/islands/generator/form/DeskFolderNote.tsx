import { folderWords } from "#i18n/folders.ts";
import { chooseDeskFolder } from "#generator/lib/choose-desk-folder.ts";
import type { DeskFolder } from "#generator/lib/desk-folder.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/**
 * "New texts go into Work": chosen from the history's folder filter (issue 28); the server
 * files each new text there and, with no voice chosen, writes it in the folder's voice.
 */
export default function DeskFolderNote({
  folder,
  onClear,
}: {
  folder: DeskFolder;
  onClear(): void;
}) {
  const { t } = useMessages(folderWords);
  return (
    <p
      role="status"
      className="mb-3 flex items-center gap-2 rounded-md bg-brand-50 px-3 py-1.5 text-sm text-brand-900 dark:bg-slate-800 dark:text-brand-100"
    >
      <span className="min-w-0 flex-1 break-words">
        {t("folders.filing", { name: folder.name })}
      </span>
      <button
        type="button"
        aria-label={t("folders.stopFiling", { name: folder.name })}
        className="rounded px-2 font-semibold hover:bg-brand-100 dark:hover:bg-slate-700"
        onClick={() => {
          chooseDeskFolder(null);
          onClear();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </p>
  );
}
