import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DataTable, ruledRow } from "#components/ui/DataTable.tsx";
import LineChart, { type ChartSeries } from "../LineChart.tsx";

/** A row of the figures: a day (or a week) and its place in each series' values. */
type Day = { day: string; row: number };

/** A chart with its caption, and the same figures as a table for whoever cannot see it. */
export function ChartFigure({
  id,
  caption,
  summary,
  days,
  series,
  firstColumn,
}: {
  id: string;
  caption: string;
  summary: string;
  days: string[];
  series: ChartSeries[];
  firstColumn: string;
}) {
  const { t } = useMessages(consoleWords);
  return (
    <figure
      aria-labelledby={`${id}-caption`}
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <figcaption id={`${id}-caption`} className="font-semibold text-slate-900 dark:text-white">
        {caption}
      </figcaption>
      <div className="mt-3">
        <LineChart days={days} series={series} summary={summary} />
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-700 dark:text-slate-300">
          {t("overview.chart.table")}
        </summary>
        <DataTable<Day>
          columns={[
            {
              id: "day",
              header: firstColumn,
              cell: ({ day }) => day,
              rowHeader: true,
              className: "pr-3",
            },
            ...series.map((line) => ({
              id: line.label,
              header: line.label,
              cell: ({ row }: Day) => line.values[row],
              className: "pr-3 text-right",
            })),
          ]}
          rows={days.map((day, row) => ({ day, row }))}
          rowKey={({ day }) => day}
          scrollClassName="mt-2 max-h-72 overflow-auto"
          className="w-full text-left tabular-nums"
          rowClassName={ruledRow}
        />
      </details>
    </figure>
  );
}
