import { consoleSays, consoleText } from "#i18n/console.ts";
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
  const written = sum(charts.texts.map((line) => sum(line.values)));
  const textTotals = charts.texts.map((line) => `${line.label} ${sum(line.values)}`).join(", ");
  const creditTotal = (field: "granted" | "spent" | "earnedFromAds" | "takenBack") =>
    sum(overview.weeks.map((week) => week[field]));

  return (
    <>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {consoleSays("overview.asOf", {
          time: new Date(overview.generatedAt).toISOString().slice(0, 16).replace("T", " "),
        })}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Figures
          heading={consoleText["overview.accounts"]}
          figures={[
            [consoleText["overview.accounts.total"], overview.accounts.total],
            [consoleText["overview.accounts.verified"], overview.accounts.verified],
            [consoleText["overview.accounts.new"], overview.accounts.newInSevenDays],
          ]}
        />
        <Figures
          heading={consoleText["overview.guests"]}
          figures={[
            [consoleText["overview.guests.total"], overview.guests.total],
            [consoleText["overview.guests.new"], overview.guests.newInSevenDays],
            [consoleText["overview.guests.registered"], overview.guests.registered],
            [consoleText["overview.guests.texts"], overview.guests.texts],
            [consoleText["overview.guests.textsNew"], overview.guests.textsInSevenDays],
          ]}
        />
        <Figures
          heading={consoleText["overview.texts"]}
          figures={[
            [consoleText["overview.texts.total"], written],
            [consoleText["overview.texts.failures"], sum(overview.days.map((day) => day.failures))],
            [consoleText["overview.texts.refunds"], sum(overview.days.map((day) => day.refunds))],
          ]}
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="chart-texts"
          caption={consoleText["overview.chart.texts"]}
          summary={consoleSays("overview.chart.texts.summary", { totals: textTotals })}
          days={charts.days}
          series={charts.texts}
          firstColumn={consoleText["overview.day"]}
        />
        <ChartFigure
          id="chart-failures"
          caption={consoleText["overview.chart.failures"]}
          summary={consoleSays("overview.chart.failures.summary", {
            failures: sum(charts.failures[0]!.values),
            refunds: sum(charts.failures[1]!.values),
          })}
          days={charts.days}
          series={charts.failures}
          firstColumn={consoleText["overview.day"]}
        />
        <ChartFigure
          id="chart-credits"
          caption={consoleText["overview.chart.credits"]}
          summary={consoleSays("overview.chart.credits.summary", {
            granted: creditTotal("granted"),
            spent: creditTotal("spent"),
            ads: creditTotal("earnedFromAds"),
            takenBack: creditTotal("takenBack"),
          })}
          days={charts.weeks}
          series={charts.credits}
          firstColumn={consoleText["overview.week"]}
        />
        <WritersSection writers={overview.writers} />
      </div>
    </>
  );
}
