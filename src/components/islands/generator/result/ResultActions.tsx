import { lazy, Suspense, useEffect, type Ref } from "react";
import { contentTypeName } from "#i18n/wording.ts";
import { countWords } from "#shared/generation.ts";
import type { TextVersion } from "#generator/state/desk.ts";
import { stopGeneration } from "#generator/state/attempt.ts";
import { regenerate } from "#generator/state/text-changes.ts";
import { changeWords } from "#i18n/changes.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { paidAction } from "../paid-action.ts";
import { actionButton } from "./action-button.ts";
import { AskBox } from "./AskBox.tsx";
import { RefineBar } from "./RefineBar.tsx";
import type { TextEditor } from "./use-text-editor.ts";

/**
 * Copy, the downloads and Print load with the first text, not with the page: the home page's
 * JavaScript has a budget (DESIGN §11), and they are of no use before a text.
 */
const loadTextActions = () => import("#components/ui/TextActions.tsx");
const TextActions = lazy(() =>
  loadTextActions().then((module) => ({ default: module.TextActions })),
);
/** Share (issue 28) loads when a kept version is shown, and is nothing for a guest. */
const ShareAction = lazy(() => import("./ShareAction.tsx"));

/**
 * Under the text: its word count, then Stop while it is written, Save and Cancel while it
 * is edited, or Regenerate, Edit, the exports and the refinements.
 */
export function ResultActions({
  version,
  text,
  language,
  streaming,
  editor,
  outOfCredits,
  canRefine,
  actionRow,
  onShowChanges,
}: {
  version: TextVersion | null;
  text: string;
  language: string;
  streaming: boolean;
  editor: TextEditor;
  /** Regenerate and the refinements are paid texts. */
  outOfCredits: boolean;
  canRefine: boolean;
  /** The row of buttons, where focus goes when Stop and Regenerate swap places. */
  actionRow: Ref<HTMLDivElement>;
  /** The version has something to compare with (issue 26): "Show changes" opens the view. */
  onShowChanges?: (() => void) | undefined;
}) {
  const { language: uiLanguage, t, plural } = useMessages();
  const { t: c } = useMessages(changeWords);
  const hasText = text.length > 0;
  const { draft, editing, saving, save, cancel, setDraft, editButton } = editor;
  // Fetched with the first words, so that the actions are there when the text ends.
  useEffect(() => {
    if (hasText) void loadTextActions();
  }, [hasText]);
  return (
    // The toast stays clear of these actions (decision 097).
    <div data-toast-avoid className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <div ref={actionRow} className="flex flex-wrap items-center gap-2">
        <p className="mr-auto text-xs text-slate-600 dark:text-slate-400">
          {plural("result.words", countWords(text))} •{" "}
          {contentTypeName(uiLanguage, version?.request.contentType)}
        </p>
        {streaming ? (
          <button type="button" className={actionButton} onClick={() => void stopGeneration()}>
            {t("result.stop")}
          </button>
        ) : editing ? (
          <>
            <button
              type="button"
              className={actionButton}
              disabled={saving || !draft?.trim()}
              onClick={() => void save()}
            >
              {t("desk.saveEdit")}
            </button>
            <button type="button" className={actionButton} disabled={saving} onClick={cancel}>
              {t("desk.cancelEdit")}
            </button>
          </>
        ) : (
          <>
            {/* Regenerate first: where Stop was stands Print, never a charged action. */}
            {/* A person's own text (issue 26) was asked of no writer: nothing to regenerate. */}
            {version?.modelUsed !== "own" && (
              <button
                type="button"
                className={actionButton}
                {...paidAction(outOfCredits, regenerate)}
              >
                {t("desk.regenerate")}
              </button>
            )}
            {version?.generationId && (
              <button
                ref={editButton}
                type="button"
                className={actionButton}
                onClick={() => setDraft(text)}
              >
                {t("desk.edit")}
              </button>
            )}
            {onShowChanges && (
              <button type="button" className={actionButton} onClick={onShowChanges}>
                {c("changes.show")}
              </button>
            )}
            <Suspense fallback={null}>
              <TextActions
                text={text}
                subject={version?.subject ?? ""}
                language={language}
                printTargetId="result-text"
                disabled={!hasText}
              />
              {version?.generationId && <ShareAction generationId={version.generationId} />}
            </Suspense>
          </>
        )}
      </div>
      {canRefine && !editing && version && (
        <>
          <RefineBar version={version} outOfCredits={outOfCredits} t={t} />
          <AskBox outOfCredits={outOfCredits} />
        </>
      )}
    </div>
  );
}
