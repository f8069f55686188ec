import type { WritersStatus } from "#shared/api/writers.ts";
import type { Translate } from "#components/ui/use-messages.ts";

/**
 * Above Generate (issues 44 and 30): in a visitor's words, whether the AI writer is getting
 * ready or unavailable, and that texts are free template drafts meanwhile; while the model
 * downloads, a bar. The cause, the retry time and the command are an operator's: the
 * console, /api/email/engines and the log say them. With the local model writing, its name.
 */
export function WriterStatus({ writers, t }: { writers: WritersStatus; t: Translate }) {
  const local = writers.local;
  let line: string;
  let bar: number | null = null;
  if (writers.writer === "ai") {
    if (writers.ready[0] !== "llama" || local.state !== "ready") return null;
    line = t("writer.status.ready", { model: local.model });
  } else if (local.state === "downloading" || local.state === "loading") {
    line = t("writer.status.preparing");
    if (local.state === "downloading") bar = local.percent;
  } else {
    line = t("writer.status.unavailable");
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
