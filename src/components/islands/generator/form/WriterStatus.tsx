import type { WritersStatus } from "#shared/api/writers.ts";
import { byteSize, clockTime, minutesLeft } from "#client/download-figures.ts";
import type { Translate } from "#components/ui/use-messages.ts";

/**
 * Above Generate (issue 44): what the writer is doing when it is not simply ready. While
 * the local model downloads, a bar with its size and the time left; when a download attempt
 * failed, why and when it is tried again; when it gave up, why and what an operator runs.
 * With the local model writing, its name.
 */
export function WriterStatus({ writers, t }: { writers: WritersStatus; t: Translate }) {
  const local = writers.local;
  let line: string;
  let bar: number | null = null;
  if (writers.writer === "ai") {
    if (writers.ready[0] !== "llama" || local.state !== "ready") return null;
    line = t("writer.status.ready", { model: local.model });
  } else if (local.state === "downloading" && local.retry) {
    line = t("writer.status.retrying", {
      reason: local.retry.reason,
      time: clockTime(local.retry.at),
    });
  } else if (local.state === "downloading") {
    const { receivedBytes, totalBytes } = local;
    const minutes = minutesLeft(local);
    bar = local.percent;
    line = totalBytes
      ? t("writer.status.downloading", {
          percent: local.percent ?? 0,
          received: byteSize(receivedBytes),
          total: byteSize(totalBytes),
        })
      : t("writer.status.starting");
    if (minutes !== null) line += ` ${t("writer.status.timeLeft", { minutes })}`;
  } else if (local.state === "failed") {
    line = t("writer.status.failed", { reason: local.reason });
  } else if (writers.templateReason === "loading") {
    line = t("writer.status.loading");
  } else if (writers.templateReason === "context-too-small") {
    line = t("writer.status.context-too-small");
  } else {
    line = t("writer.status.template");
  }
  return (
    <div
      data-testid="writer-status"
      className="grid gap-1 text-sm text-slate-600 dark:text-slate-400"
    >
      <p role="status">{line}</p>
      {bar !== null && (
        <progress
          max={100}
          value={bar}
          aria-label={t("writer.status.progress")}
          className="h-1.5 w-full overflow-hidden rounded-full accent-brand-600"
        />
      )}
    </div>
  );
}
