import { consoleLabel, consoleSays } from "#i18n/console.ts";
import type { LocalWriterView, Overview } from "#shared/console.ts";
import { byteSize, clockTime, minutesLeft } from "#client/download-figures.ts";

/** The local writer's state, in the console's words. */
function localWriterState(local: LocalWriterView): string {
  const status = local.status;
  switch (status.state) {
    case "off":
      return consoleSays("writers.local.off");
    case "downloading":
      if (status.retry) {
        return consoleSays("writers.local.retrying", {
          model: status.model,
          reason: status.retry.reason,
          time: clockTime(status.retry.at),
        });
      }
      return consoleSays("writers.local.downloading", {
        model: status.model,
        percent: status.percent === null ? "…" : `${status.percent} %`,
        size: status.totalBytes
          ? `${byteSize(status.receivedBytes)} / ${byteSize(status.totalBytes)}`
          : "…",
        left: minutesLeft(status)?.toString() ?? "…",
      });
    case "loading":
      return consoleSays("writers.local.loading", { model: status.model });
    case "ready":
      return consoleSays("writers.local.ready", { model: status.model });
    case "failed":
      return consoleSays("writers.local.failed", { model: status.model, reason: status.reason });
    case "too-small":
      return consoleSays("writers.local.tooSmall", {
        model: status.model,
        contextTokens: String(status.contextTokens),
        neededTokens: String(status.neededTokens),
      });
  }
}

/** Who writes the next text, the local writer's state, its queue and its last speeds. */
export function WritersSection({ writers }: { writers: Overview["writers"] }) {
  const { local } = writers;
  const next =
    writers.writer === "ai"
      ? writers.ready.map((id) => consoleLabel("writer", id)).join(", ")
      : consoleSays("writers.next.template");
  return (
    <section
      aria-labelledby="console-writers-heading"
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="console-writers-heading" className="font-semibold text-slate-900 dark:text-white">
        {consoleSays("writers.heading")}
      </h3>
      <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
        <dt className="text-slate-600 dark:text-slate-400">{consoleSays("writers.next")}</dt>
        <dd className="text-slate-900 dark:text-white">{next}</dd>
        <dt className="text-slate-600 dark:text-slate-400">{consoleSays("writers.local")}</dt>
        <dd className="text-slate-900 dark:text-white" data-local-writer>
          {localWriterState(local)}
        </dd>
        {local.queue && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{consoleSays("writers.queue")}</dt>
            <dd className="text-slate-900 dark:text-white">
              {consoleSays("writers.queue.value", local.queue)}
            </dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-400">{consoleSays("writers.speed")}</dt>
        <dd className="text-slate-900 dark:text-white">
          {local.recent.length === 0 ? (
            consoleSays("writers.speed.none")
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
        {consoleSays("writers.instance")}
      </p>
    </section>
  );
}
