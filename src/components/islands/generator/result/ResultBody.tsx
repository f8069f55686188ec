import { RenderedText } from "#components/ui/RenderedText.tsx";
import type { Translate } from "#components/ui/use-messages.ts";
import type { TextEditor } from "./use-text-editor.ts";

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
 * The text itself: the placeholder before any, the queue and a skeleton while waiting for
 * the first words, the words as they arrive, or the editor.
 */
export function ResultBody({
  text,
  language,
  streaming,
  queuePosition,
  editor,
  t,
}: {
  text: string;
  /** The text's language, for its direction and hyphenation. */
  language: string;
  streaming: boolean;
  queuePosition: number | null;
  editor: TextEditor;
  t: Translate;
}) {
  const hasText = text.length > 0;
  return (
    <div className="mt-4 flex-1" aria-busy={streaming} aria-live="off">
      {!hasText && streaming && queuePosition !== null && (
        <p role="status" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
          {t("writer.queued", { count: queuePosition })}
        </p>
      )}
      {!hasText && streaming && <Skeleton />}
      {!hasText && !streaming && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("result.placeholder")}</p>
      )}
      {editor.editing && (
        <textarea
          data-testid="result-editor"
          aria-label={t("desk.editLabel")}
          title={t("desk.editLabel")}
          dir="auto"
          lang={language}
          autoFocus
          value={editor.draft ?? ""}
          onChange={(event) => editor.setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              // Else the same key press would close the question it opens.
              event.preventDefault();
              editor.cancel();
            }
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              void editor.save();
            }
          }}
          className="min-h-[20rem] w-full resize-y rounded-md border border-slate-300 bg-white p-3 font-mono text-sm leading-6 text-slate-900 focus:outline-2 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
      )}
      {hasText && !editor.editing && (
        <RenderedText
          data-testid="result-text"
          id="result-text"
          text={text}
          language={language}
          streaming={streaming}
          className="max-h-[32rem] overflow-y-auto [contain:content] text-[0.95rem] leading-7 text-slate-800 dark:text-slate-100"
        />
      )}
    </div>
  );
}
