import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DataTable, ruledRow, type Column } from "#components/ui/DataTable.tsx";
import type { AdFigure, Overview } from "#shared/console.ts";

/** Each ad's impressions, completions and clicks. */
export function AdsTable({ ads }: { ads: Overview["ads"] | null }) {
  const { t } = useMessages(consoleWords);
  const figure = (id: "impressions" | "completions" | "clicks"): Column<AdFigure> => ({
    id,
    header: t(`ads.${id}`),
    cell: (ad) => ad[id],
    className: "text-right",
  });
  return (
    <section aria-labelledby="console-ads-heading" id="ads" className="mt-10">
      <h2 id="console-ads-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("ads.heading")}
      </h2>
      {ads === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
      ) : (
        <DataTable
          columns={[
            { id: "ad", header: t("ads.ad"), cell: (ad) => ad.label, rowHeader: true },
            figure("impressions"),
            figure("completions"),
            figure("clicks"),
          ]}
          rows={ads}
          rowKey={(ad) => ad.id}
          empty={<p className="mt-3 text-slate-600 dark:text-slate-400">{t("ads.none")}</p>}
          scrollClassName="mt-3 overflow-x-auto"
          className="w-full text-left text-sm tabular-nums"
          rowClassName={ruledRow}
        />
      )}
    </section>
  );
}
