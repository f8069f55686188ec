import { showVersion } from "#generator/state/desk.ts";
import type { Translate } from "#components/ui/use-messages.ts";

/** ‹ 2/3 ›: this session's versions of one request. */
export function VersionPicker({
  shown,
  count,
  kind,
  t,
}: {
  shown: number;
  count: number;
  /** What the shown version is: "Original", "Shorter", "Edited", … */
  kind: string;
  t: Translate;
}) {
  const label = `${t("desk.version", { index: shown + 1, count })} · ${kind}`;
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-1 text-sm">
      <button
        type="button"
        className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
        onClick={() => showVersion(shown - 1)}
        disabled={shown === 0}
        aria-label={t("desk.previousVersion")}
      >
        ‹
      </button>
      <span data-testid="version-count" className="tabular-nums" aria-hidden="true">
        {t("desk.versionShort", { index: shown + 1, count })}
      </span>
      <span
        data-testid="version-kind"
        aria-hidden="true"
        className="text-slate-600 dark:text-slate-400"
      >
        {kind}
      </span>
      <span className="sr-only" aria-live="polite">
        {label}
      </span>
      <button
        type="button"
        className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
        onClick={() => showVersion(shown + 1)}
        disabled={shown === count - 1}
        aria-label={t("desk.nextVersion")}
      >
        ›
      </button>
    </div>
  );
}
