import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { Overview } from "#shared/console.ts";

/** Each ad's impressions, completions and clicks. */
export function AdsTable({ ads }: { ads: Overview["ads"] | null }) {
  const { t } = useMessages(consoleWords);
  return (
    <section aria-labelledby="console-ads-heading" id="ads" className="mt-10">
      <h2 id="console-ads-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("ads.heading")}
      </h2>
      {ads === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
      ) : ads.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t("ads.none")}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <thead>
              <tr>
                <th scope="col">{t("ads.ad")}</th>
                <th scope="col" className="text-right">
                  {t("ads.impressions")}
                </th>
                <th scope="col" className="text-right">
                  {t("ads.completions")}
                </th>
                <th scope="col" className="text-right">
                  {t("ads.clicks")}
                </th>
              </tr>
            </thead>
            <tbody>
              {ads.map((ad) => (
                <tr key={ad.id} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="font-normal">
                    {ad.label}
                  </th>
                  <td className="text-right">{ad.impressions}</td>
                  <td className="text-right">{ad.completions}</td>
                  <td className="text-right">{ad.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
