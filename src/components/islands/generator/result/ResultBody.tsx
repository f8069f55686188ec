import type { Translate } from "#components/ui/use-messages.ts";

function Skeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-3">
      {["w-2/3", "w-full", "w-11/12", "w-full", "w-4/5", "w-1/2"].map((width, index) => (
        <div key={index} className={`h-3 rounded bg-slate-200 dark:bg-slate-700 ${width}`} />
      ))}
    </div>
  );
}

/**
 * The panel before there are words to show: the placeholder before any text, the queue and
 * a skeleton while waiting for the first words (or for the shown text's code to load).
 */
export function WaitingBody({
  waiting,
  queuePosition,
  t,
}: {
  /** A text is on its way: being written, or loading to be shown. */
  waiting: boolean;
  queuePosition: number | null;
  t: Translate;
}) {
  return (
    <>
      {waiting && queuePosition !== null && (
        <p role="status" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          {t("writer.queued", { count: queuePosition })}
        </p>
      )}
      {waiting ? (
        <Skeleton />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("result.placeholder")}</p>
      )}
    </>
  );
}
