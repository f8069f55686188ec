import { useStore } from "@nanostores/react";
import { messagesFor } from "#i18n/messages.ts";
import { copyText, downloadText } from "#client/download.ts";
import { contentTypeLabel, countWords } from "#shared/generation.ts";
import { modelBadge } from "#shared/models.ts";
import { $generation, $lastRequest, regenerate, stopGeneration } from "#stores/generation.ts";
import { $language } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";

const action =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

function Skeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-3">
      {["w-2/3", "w-full", "w-11/12", "w-full", "w-4/5", "w-1/2"].map((width, index) => (
        <div key={index} className={`h-3 rounded bg-slate-200 dark:bg-slate-700 ${width}`} />
      ))}
    </div>
  );
}

/** The result panel (spec §2): placeholder, skeleton, streamed text, badge, actions. */
export default function ResultPanel() {
  const state = useStore($generation);
  const last = useStore($lastRequest);
  const t = messagesFor(useStore($language));
  const streaming = state.phase === "generating";
  const hasText = state.text.length > 0;

  async function copy() {
    const ok = await copyText(state.text);
    showToast(
      ok
        ? { title: t["toast.copied"], variant: "success" }
        : { title: t["toast.copyFailed"], variant: "error" },
    );
  }

  return (
    <div className="flex h-full flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your text</h2>
        {state.modelUsed && !streaming && (
          <span
            data-model={state.modelUsed}
            className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
          >
            {modelBadge(state.modelUsed, state.modelName)}
          </span>
        )}
      </div>

      {state.templateReason && !streaming && (
        <p data-testid="template-note" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t[`writer.template.${state.templateReason}`]}
        </p>
      )}

      <div className="mt-4 flex-1" aria-busy={streaming} aria-live="off">
        {!hasText && streaming && state.queuePosition !== null && (
          <p role="status" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            {t["writer.queued"].replace("{count}", String(state.queuePosition))}
          </p>
        )}
        {!hasText && streaming && <Skeleton />}
        {!hasText && !streaming && (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Your generated text will appear here.
          </p>
        )}
        {hasText && (
          <div
            data-testid="result-text"
            className="max-h-[32rem] overflow-y-auto text-[0.95rem] leading-7 whitespace-pre-wrap text-slate-800 dark:text-slate-100"
          >
            {state.text}
            {streaming && (
              <span
                aria-hidden="true"
                className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-brand-500 align-middle"
              />
            )}
          </div>
        )}
      </div>

      {(hasText || streaming) && (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p className="mr-auto text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {countWords(state.text)} words • {contentTypeLabel(state.contentType)}
          </p>
          {streaming ? (
            <button type="button" className={action} onClick={() => void stopGeneration()}>
              Stop
            </button>
          ) : (
            <>
              <button
                type="button"
                className={action}
                onClick={() => void copy()}
                disabled={!hasText}
              >
                Copy
              </button>
              <button type="button" className={action} onClick={regenerate} disabled={!last}>
                Regenerate
              </button>
              <button
                type="button"
                className={action}
                onClick={() => downloadText(state.text, state.subject, "txt")}
                disabled={!hasText}
              >
                Download .txt
              </button>
              <button
                type="button"
                className={action}
                onClick={() => downloadText(state.text, state.subject, "md")}
                disabled={!hasText}
              >
                Download .md
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
