import { consoleLabel, consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DataTable, ruledRow } from "#components/ui/DataTable.tsx";
import type { AccountDetail } from "#shared/console.ts";
import { cell, when } from "./account-look.ts";

/** The account's credit ledger, what, how many credits, when. */
export function AccountActivity({ activity }: { activity: AccountDetail["activity"] }) {
  const { t } = useMessages(consoleWords);
  return (
    <DataTable
      columns={[
        {
          id: "what",
          header: t("account.activity.what"),
          cell: (entry) => consoleLabel(t, "reason", entry.reason),
          className: cell,
        },
        {
          id: "credits",
          header: t("account.activity.credits"),
          cell: (entry) => (entry.delta > 0 ? `+${entry.delta}` : entry.delta),
          headerClassName: `${cell} text-right`,
          className: `${cell} text-right tabular-nums`,
        },
        {
          id: "when",
          header: t("account.activity.when"),
          cell: (entry) => <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>,
          className: cell,
        },
      ]}
      rows={activity}
      rowKey={(entry) => entry.id}
      empty={
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t("account.activity.none")}
        </p>
      }
      scrollClassName="mt-2 max-h-72 overflow-auto"
      className="w-full text-left text-sm"
      rowClassName={ruledRow}
    />
  );
}
