import type { DeskState, TextVersion } from "#generator/state/desk.ts";
import { retry } from "#generator/state/attempt.ts";
import { afterUnsavedEdits } from "#generator/state/text-edit.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { wordFailure } from "#generator/lib/attempt-failure.ts";
import type { Translate } from "#components/ui/use-messages.ts";
import { actionButton } from "./action-button.ts";

/**
 * What the panel says above the text once nothing is being written: why the last attempt
 * failed (with Retry or the credit options), what a stopped text cost, why a template
 * draft was not written by AI.
 */
export function ResultNotes({
  desk,
  version,
  isGuest,
  language,
  t,
}: {
  desk: DeskState;
  version: TextVersion | null;
  isGuest: boolean;
  /** The interface's language now: the failure is worded in it, whenever it changes. */
  language: string;
  t: Translate;
}) {
  return (
    <>
      {desk.error && (
        <div
          role="alert"
          data-testid="result-error"
          className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          <span>{wordFailure(language, desk.error)}</span>
          {desk.errorAction === "credits" && (
            <button
              type="button"
              className={actionButton}
              onClick={() => openCreditDialog(isGuest)}
            >
              {t("desk.noCredits.more")}
            </button>
          )}
          {desk.errorAction === "retry" && (
            <button type="button" className={actionButton} onClick={() => afterUnsavedEdits(retry)}>
              {t("desk.retry")}
            </button>
          )}
        </div>
      )}

      {desk.stoppedBeforeWords && (
        <p
          role="status"
          data-testid="stopped-before-words"
          className="mt-2 text-sm text-slate-600 dark:text-slate-400"
        >
          {t("desk.stoppedBeforeWords")}
        </p>
      )}

      {version?.stopped && (
        <p
          data-testid="stopped-note"
          className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
        >
          <span>
            {t(version.stopped.byWriter ? "desk.writerStopped" : "desk.stopped", {
              words: version.stopped.words,
              credits: version.stopped.credits,
            })}
          </span>
          {version.stopped.byWriter && (
            <button type="button" className={actionButton} onClick={() => afterUnsavedEdits(retry)}>
              {t("desk.retry")}
            </button>
          )}
        </p>
      )}

      {version?.templateReason && (
        <p data-testid="template-note" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t(`writer.template.${version.templateReason}`)}
        </p>
      )}
    </>
  );
}
