import { consoleLabel, consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { AccountDetail } from "#shared/console.ts";
import { cell, when } from "./account-look.ts";

/** The account's credit ledger, what, how many credits, when. */
export function AccountActivity({ activity }: { activity: AccountDetail["activity"] }) {
  const { t } = useMessages(consoleWords);
  return activity.length === 0 ? (
    <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("account.activity.none")}</p>
  ) : (
    <div className="mt-2 max-h-72 overflow-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className={cell}>
              {t("account.activity.what")}
            </th>
            <th scope="col" className={`${cell} text-right`}>
              {t("account.activity.credits")}
            </th>
            <th scope="col" className={cell}>
              {t("account.activity.when")}
            </th>
          </tr>
        </thead>
        <tbody>
          {activity.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-100 dark:border-slate-800">
              <td className={cell}>{consoleLabel(t, "reason", entry.reason)}</td>
              <td className={`${cell} text-right tabular-nums`}>
                {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
              </td>
              <td className={cell}>
                <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
