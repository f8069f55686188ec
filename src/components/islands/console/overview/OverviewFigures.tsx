import { consoleSays } from "#i18n/console.ts";
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
          heading={consoleSays("overview.accounts")}
          figures={[
            [consoleSays("overview.accounts.total"), overview.accounts.total],
            [consoleSays("overview.accounts.verified"), overview.accounts.verified],
            [consoleSays("overview.accounts.new"), overview.accounts.newInSevenDays],
          ]}
        />
        <Figures
          heading={consoleSays("overview.guests")}
          figures={[
            [consoleSays("overview.guests.total"), overview.guests.total],
            [consoleSays("overview.guests.new"), overview.guests.newInSevenDays],
            [consoleSays("overview.guests.registered"), overview.guests.registered],
            [consoleSays("overview.guests.texts"), overview.guests.texts],
            [consoleSays("overview.guests.textsNew"), overview.guests.textsInSevenDays],
          ]}
        />
        <Figures
          heading={consoleSays("overview.texts")}
          figures={[
            [consoleSays("overview.texts.total"), written],
            [consoleSays("overview.texts.failures"), sum(overview.days.map((day) => day.failures))],
            [consoleSays("overview.texts.refunds"), sum(overview.days.map((day) => day.refunds))],
          ]}
        />
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="chart-texts"
          caption={consoleSays("overview.chart.texts")}
          summary={consoleSays("overview.chart.texts.summary", { totals: textTotals })}
          days={charts.days}
          series={charts.texts}
          firstColumn={consoleSays("overview.day")}
        />
        <ChartFigure
          id="chart-failures"
          caption={consoleSays("overview.chart.failures")}
          summary={consoleSays("overview.chart.failures.summary", {
            failures: sum(charts.failures[0]!.values),
            refunds: sum(charts.failures[1]!.values),
          })}
          days={charts.days}
          series={charts.failures}
          firstColumn={consoleSays("overview.day")}
        />
        <ChartFigure
          id="chart-credits"
          caption={consoleSays("overview.chart.credits")}
          summary={consoleSays("overview.chart.credits.summary", {
            granted: creditTotal("granted"),
            spent: creditTotal("spent"),
            ads: creditTotal("earnedFromAds"),
            takenBack: creditTotal("takenBack"),
          })}
          days={charts.weeks}
          series={charts.credits}
          firstColumn={consoleSays("overview.week")}
        />
        <WritersSection writers={overview.writers} />
      </div>
    </>
  );
}
