import { consoleLabel, consoleWords, figures, type ConsoleTextKey } from "#i18n/console.ts";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";
import type { LocalWriterView, Overview } from "#shared/console.ts";
import { byteSize, clockTime, minutesLeft } from "#client/download-figures.ts";

/** The local writer's state, in the console's words. */
function localWriterState(t: Translate<ConsoleTextKey>, local: LocalWriterView): string {
  const status = local.status;
  switch (status.state) {
    case "off":
      return t("writers.local.off");
    case "downloading":
      if (status.retry) {
        return t("writers.local.retrying", {
          model: status.model,
          reason: status.retry.reason,
          time: clockTime(status.retry.at),
        });
      }
      return t("writers.local.downloading", {
        model: status.model,
        percent: status.percent === null ? "…" : `${status.percent} %`,
        size: status.totalBytes
          ? `${byteSize(status.receivedBytes)} / ${byteSize(status.totalBytes)}`
          : "…",
        left: minutesLeft(status)?.toString() ?? "…",
      });
    case "loading":
      return t("writers.local.loading", { model: status.model });
    case "ready":
      return t("writers.local.ready", { model: status.model });
    case "failed":
      return t("writers.local.failed", { model: status.model, reason: status.reason ?? "" });
    case "too-small":
      return t("writers.local.tooSmall", {
        model: status.model,
        contextTokens: String(status.contextTokens),
        neededTokens: String(status.neededTokens),
      });
  }
}

/** Who writes the next text, the local writer's state, its queue and its last speeds. */
export function WritersSection({ writers }: { writers: Overview["writers"] }) {
  const { t } = useMessages(consoleWords);
  const { local } = writers;
  const next =
    writers.writer === "ai"
      ? writers.ready.map((id) => consoleLabel(t, "writer", id)).join(", ")
      : t("writers.next.template");
  return (
    <section
      aria-labelledby="console-writers-heading"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="console-writers-heading" className="font-semibold text-slate-900 dark:text-white">
        {t("writers.heading")}
      </h3>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-slate-600 dark:text-slate-400">{t("writers.next")}</dt>
        <dd className="text-slate-900 dark:text-white">{next}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{t("writers.local")}</dt>
        <dd className="text-slate-900 dark:text-white" data-local-writer>
          {localWriterState(t, local)}
        </dd>
        {local.queue && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t("writers.queue")}</dt>
            <dd className="text-slate-900 dark:text-white">
              {t("writers.queue.value", figures(local.queue))}
            </dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-400">{t("writers.speed")}</dt>
        <dd className="text-slate-900 dark:text-white">
          {local.recent.length === 0 ? (
            t("writers.speed.none")
          ) : (
            <ol className="list-inside list-decimal">
              {[...local.recent].reverse().map((text) => (
                <li key={text.finishedAt}>{t("writers.speed.value", figures(text))}</li>
              ))}
            </ol>
          )}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t("writers.instance")}</p>
    </section>
  );
}
