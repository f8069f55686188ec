import { changeHistoryFilters } from "#generator/state/history.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { historyButton } from "./history-button.ts";

/** Previous, "Page 2 of 5", Next. */
export function HistoryPager({ page, pages }: { page: number; pages: number }) {
  const { t } = useMessages();
  return (
    <nav aria-label={t("history.pages")} className="mt-4 flex items-center justify-between gap-2">
      <button
        type="button"
        className={historyButton}
        disabled={page <= 1}
        onClick={() => changeHistoryFilters({ page: page - 1 })}
      >
        {t("history.previous")}
      </button>
      <span className="text-sm text-slate-600 dark:text-slate-400">
        {t("history.page", { page, pages })}
      </span>
      <button
        type="button"
        className={historyButton}
        disabled={page >= pages}
        onClick={() => changeHistoryFilters({ page: page + 1 })}
      >
        {t("history.next")}
      </button>
    </nav>
  );
}
