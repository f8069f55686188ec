import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleSays, consoleText } from "#i18n/console.ts";
import { WRITER_COLUMNS, type LocalWriterView, type Overview } from "#shared/console.ts";
import { $consoleChanges } from "#stores/console.ts";
import LineChart, { type ChartSeries } from "./LineChart.tsx";
import LoadFailed from "./LoadFailed.tsx";

const COLORS = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#64748b"];

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function Figures({ heading, figures }: { heading: string; figures: [string, number][] }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <h3 className="font-semibold text-slate-900 dark:text-white">{heading}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {figures.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-right font-semibold text-slate-900 tabular-nums dark:text-white">
              {value.toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A chart with its caption, and the same figures as a table for whoever cannot see it. */
function ChartFigure({
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
          {consoleText["overview.chart.table"]}
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

function localWriterState(local: LocalWriterView): string {
  const status = local.status;
  switch (status.state) {
    case "off":
      return consoleText["writers.local.off"];
    case "downloading":
      return consoleSays("writers.local.downloading", {
        model: status.model,
        percent: status.percent === null ? "…" : `${status.percent} %`,
      });
    case "loading":
      return consoleSays("writers.local.loading", { model: status.model });
    case "ready":
      return consoleSays("writers.local.ready", { model: status.model });
    case "failed":
      return consoleSays("writers.local.failed", { model: status.model, reason: status.reason });
  }
}

function Writers({ writers }: { writers: Overview["writers"] }) {
  const { local } = writers;
  const next =
    writers.writer === "ai"
      ? writers.ready.map((id) => consoleLabel("writer", id)).join(", ")
      : consoleText["writers.next.template"];
  return (
    <section
      aria-labelledby="console-writers-heading"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="console-writers-heading" className="font-semibold text-slate-900 dark:text-white">
        {consoleText["writers.heading"]}
      </h3>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-slate-600 dark:text-slate-400">{consoleText["writers.next"]}</dt>
        <dd className="text-slate-900 dark:text-white">{next}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{consoleText["writers.local"]}</dt>
        <dd className="text-slate-900 dark:text-white" data-local-writer>
          {localWriterState(local)}
        </dd>
        {local.queue && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{consoleText["writers.queue"]}</dt>
            <dd className="text-slate-900 dark:text-white">
              {consoleSays("writers.queue.value", local.queue)}
            </dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-400">{consoleText["writers.speed"]}</dt>
        <dd className="text-slate-900 dark:text-white">
          {local.recent.length === 0 ? (
            consoleText["writers.speed.none"]
          ) : (
            <ol className="list-inside list-decimal">
              {[...local.recent].reverse().map((text) => (
                <li key={text.finishedAt}>{consoleSays("writers.speed.value", text)}</li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {consoleText["writers.instance"]}
      </p>
    </section>
  );
}

function Ads({ ads }: { ads: Overview["ads"] | null }) {
  return (
    <section aria-labelledby="console-ads-heading" id="ads" className="mt-10">
      <h2 id="console-ads-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {consoleText["ads.heading"]}
      </h2>
      {ads === null ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText.loading}</p>
      ) : ads.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText["ads.none"]}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <thead>
              <tr>
                <th scope="col">{consoleText["ads.ad"]}</th>
                <th scope="col" className="text-right">
                  {consoleText["ads.impressions"]}
                </th>
                <th scope="col" className="text-right">
                  {consoleText["ads.completions"]}
                </th>
                <th scope="col" className="text-right">
                  {consoleText["ads.clicks"]}
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

/** The morning figures: accounts, guests, texts, credits, writers, ads. */
export default function ConsoleOverview() {
  const changes = useStore($consoleChanges);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    apiFetch<Overview>("/api/console/overview")
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (ok) setOverview(body);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [changes, attempt]);

  const charts = useMemo((): Charts | null => {
    if (!overview) return null;
    const days = overview.days.map((day) => day.day);
    const texts: ChartSeries[] = WRITER_COLUMNS.map((writer, i) => ({
      label: consoleLabel("writer", writer),
      values: overview.days.map((day) => day.texts[writer]),
      color: COLORS[i % COLORS.length]!,
    }));
    const failures: ChartSeries[] = [
      {
        label: consoleText["overview.failures"],
        values: overview.days.map((day) => day.failures),
        color: COLORS[4]!,
      },
      {
        label: consoleText["overview.refunds"],
        values: overview.days.map((day) => day.refunds),
        color: COLORS[2]!,
      },
    ];
    const weeks = overview.weeks.map((week) => week.week);
    const credits: ChartSeries[] = [
      ["overview.granted", "granted"],
      ["overview.spent", "spent"],
      ["overview.ads", "earnedFromAds"],
      ["overview.takenBack", "takenBack"],
    ].map(([key, field], i) => ({
      label: consoleText[key as keyof typeof consoleText],
      values: overview.weeks.map((week) => week[field as "granted"]),
      color: COLORS[i]!,
    }));
    return { days, texts, failures, weeks, credits };
  }, [overview]);

  return (
    <>
      <section aria-labelledby="console-overview-heading" id="overview">
        <h2
          id="console-overview-heading"
          className="text-xl font-semibold text-slate-900 dark:text-white"
        >
          {consoleText["overview.heading"]}
        </h2>
        {overview && charts ? (
          <OverviewFigures overview={overview} charts={charts} />
        ) : failed ? (
          <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
        ) : (
          <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText.loading}</p>
        )}
      </section>
      <Ads ads={overview?.ads ?? null} />
    </>
  );
}

type Charts = {
  days: string[];
  texts: ChartSeries[];
  failures: ChartSeries[];
  weeks: string[];
  credits: ChartSeries[];
};

function OverviewFigures({ overview, charts }: { overview: Overview; charts: Charts }) {
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
        <Writers writers={overview.writers} />
      </div>
    </>
  );
}
