import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import LineChart, { type ChartSeries } from "../LineChart.tsx";

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
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  {firstColumn}
                </th>
                {series.map((line) => (
                  <th key={line.label} scope="col" className="pr-3 text-right">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, row) => (
                <tr key={day} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="pr-3 font-normal">
                    {day}
                  </th>
                  {series.map((line) => (
                    <td key={line.label} className="pr-3 text-right">
                      {line.values[row]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
