import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { consoleLocale } from "#i18n/console.ts";

export interface ChartSeries {
  label: string;
  values: number[];
  /** A stroke colour readable on both themes. */
  color: string;
}

const HEIGHT = 220;
const WHOLE_STEPS = [1, 2, 5]
  .flatMap((step) => [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000].map((scale) => step * scale))
  .sort((a, b) => a - b);

/**
 * A small line chart (uPlot, drawn on a canvas). The canvas says nothing to a screen
 * reader: `summary` names what it shows, the legend is a list beside it, and the figures
 * are in a table under it.
 */
export default function LineChart({
  days,
  series,
  summary,
}: {
  /** The x axis: YYYY-MM-DD, UTC. */
  days: string[];
  series: ChartSeries[];
  summary: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const dark = document.documentElement.classList.contains("dark");
    const axis = {
      stroke: dark ? "#cbd5e1" : "#334155",
      grid: { stroke: dark ? "#334155" : "#e2e8f0", width: 1 },
      ticks: { stroke: dark ? "#334155" : "#e2e8f0", width: 1 },
    };
    // "10K", not "10,000": uPlot's value axis is 50 px wide and cut a five-digit figure.
    const compact = new Intl.NumberFormat(consoleLocale(), {
      notation: "compact",
      maximumFractionDigits: 1,
    });
    const x = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        // Days are UTC days: the axis says so whatever the browser's time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        // Counts and credits are whole numbers: no 0.2 steps on the value axis.
        axes: [
          axis,
          {
            ...axis,
            incrs: WHOLE_STEPS,
            values: (_plot, splits) => splits.map((split) => compact.format(split)),
          },
        ],
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            points: { show: false },
          })),
        ],
      },
      [x, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: element.clientWidth, height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);

  return (
    <div>
      <div ref={box} role="img" aria-label={summary} className="min-h-[220px] w-full" />
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
        {series.map((line) => (
          <li key={line.label} className="flex items-center gap-1.5">
            <svg aria-hidden="true" width="16" height="4">
              <line x1="0" y1="2" x2="16" y2="2" stroke={line.color} strokeWidth="3" />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
