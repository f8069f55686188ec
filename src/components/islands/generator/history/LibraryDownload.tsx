import { libraryExportWords } from "#i18n/library-export.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { historyButton } from "./history-button.ts";

/**
 * The whole library as one zip (GET /api/email/export): a plain link, which the browser
 * downloads as the server names it, so no script waits for the file.
 */
export function LibraryDownload() {
  const { t } = useMessages(libraryExportWords);
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1">
      <a href="/api/email/export" download className={`${historyButton} inline-block`}>
        {t("libraryExport.download")}
      </a>
      <span className="text-sm text-slate-600 dark:text-slate-400">{t("libraryExport.hint")}</span>
    </p>
  );
}
