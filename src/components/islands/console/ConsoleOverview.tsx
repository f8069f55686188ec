import { useStore } from "@nanostores/react";
import { useEffect, useMemo, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleWords, type ConsoleTextKey } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { WRITER_COLUMNS, type Overview } from "#shared/console.ts";
import { $consoleChanges } from "#stores/console.ts";
import type { ChartSeries } from "./LineChart.tsx";
import LoadFailed from "./LoadFailed.tsx";
import { AdsTable } from "./overview/AdsTable.tsx";
import { OverviewFigures, type Charts } from "./overview/OverviewFigures.tsx";

const COLORS = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#dc2626", "#64748b"];

/** The morning figures: accounts, guests, texts, credits, writers, ads. */
export default function ConsoleOverview() {
  const { t } = useMessages(consoleWords);
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
      label: consoleLabel(t, "writer", writer),
      values: overview.days.map((day) => day.texts[writer]),
      color: COLORS[i % COLORS.length]!,
    }));
    const failures: ChartSeries[] = [
      {
        label: t("overview.failures"),
        values: overview.days.map((day) => day.failures),
        color: COLORS[4]!,
      },
      {
        label: t("overview.refunds"),
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
      label: t(key as ConsoleTextKey),
      values: overview.weeks.map((week) => week[field as "granted"]),
      color: COLORS[i]!,
    }));
    return { days, texts, failures, weeks, credits };
  }, [overview, t]);

  return (
    <>
      <section aria-labelledby="console-overview-heading" id="overview">
        <h2
          id="console-overview-heading"
          className="text-xl font-semibold text-slate-900 dark:text-white"
        >
          {t("overview.heading")}
        </h2>
        {overview && charts ? (
          <OverviewFigures overview={overview} charts={charts} />
        ) : failed ? (
          <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
        ) : (
          <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
        )}
      </section>
      <AdsTable ads={overview?.ads ?? null} />
    </>
  );
}
