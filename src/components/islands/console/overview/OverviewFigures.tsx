import { consoleWords, figures } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { Overview } from "#shared/console.ts";
import type { ChartSeries } from "../LineChart.tsx";
import { ChartFigure } from "./ChartFigure.tsx";
import { Figures } from "./Figures.tsx";
import { WritersSection } from "./WritersSection.tsx";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The overview's series, by day (texts, failures) and by week (credits). */
export type Charts = {
  days: string[];
  texts: ChartSeries[];
  failures: ChartSeries[];
  weeks: string[];
  credits: ChartSeries[];
};

/** The figures, the three charts and the writers, once the overview has arrived. */
export function OverviewFigures({ overview, charts }: { overview: Overview; charts: Charts }) {
  const { t } = useMessages(consoleWords);
  const written = sum(charts.texts.map((line) => sum(line.values)));
  const textTotals = charts.texts.map((line) => `${line.label} ${sum(line.values)}`).join(", ");
  const creditTotal = (field: "granted" | "spent" | "earnedFromAds" | "takenBack") =>
    sum(overview.weeks.map((week) => week[field]));

  return (
    <>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {t("overview.asOf", {
          time: new Date(overview.generatedAt).toISOString().slice(0, 16).replace("T", " "),
        })}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figures
          heading={t("overview.accounts")}
          figures={[
            [t("overview.accounts.total"), overview.accounts.total],
            [t("overview.accounts.verified"), overview.accounts.verified],
            [t("overview.accounts.new"), overview.accounts.newInSevenDays],
          ]}
        />
        <Figures
          heading={t("overview.guests")}
          figures={[
            [t("overview.guests.total"), overview.guests.total],
            [t("overview.guests.new"), overview.guests.newInSevenDays],
            [t("overview.guests.registered"), overview.guests.registered],
            [t("overview.guests.texts"), overview.guests.texts],
            [t("overview.guests.textsNew"), overview.guests.textsInSevenDays],
          ]}
        />
        <Figures
          heading={t("overview.texts")}
          figures={[
            [t("overview.texts.total"), written],
            [t("overview.texts.failures"), sum(overview.days.map((day) => day.failures))],
            [t("overview.texts.refunds"), sum(overview.days.map((day) => day.refunds))],
          ]}
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="chart-texts"
          caption={t("overview.chart.texts")}
          summary={t("overview.chart.texts.summary", { totals: textTotals })}
          days={charts.days}
          series={charts.texts}
          firstColumn={t("overview.day")}
        />
        <ChartFigure
          id="chart-failures"
          caption={t("overview.chart.failures")}
          summary={t(
            "overview.chart.failures.summary",
            figures({
              failures: sum(charts.failures[0]!.values),
              refunds: sum(charts.failures[1]!.values),
            }),
          )}
          days={charts.days}
          series={charts.failures}
          firstColumn={t("overview.day")}
        />
        <ChartFigure
          id="chart-credits"
          caption={t("overview.chart.credits")}
          summary={t(
            "overview.chart.credits.summary",
            figures({
              granted: creditTotal("granted"),
              spent: creditTotal("spent"),
              ads: creditTotal("earnedFromAds"),
              takenBack: creditTotal("takenBack"),
            }),
          )}
          days={charts.weeks}
          series={charts.credits}
          firstColumn={t("overview.week")}
        />
        <WritersSection writers={overview.writers} />
      </div>
    </>
  );
}
