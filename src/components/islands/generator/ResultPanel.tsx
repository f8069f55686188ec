import { useStore } from "@nanostores/react";
import { useRef } from "react";
import { localized, modelBadge, versionLabel } from "#i18n/messages.ts";
import { $writers } from "#stores/engines.ts";
import { $desk, shownVersion, versionOrigin } from "#stores/desk.ts";
import { $creditStatus } from "#stores/credits.ts";
import { $knownUseCases } from "#stores/use-cases.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DiscardDialog } from "./result/DiscardDialog.tsx";
import { ResultActions } from "./result/ResultActions.tsx";
import { ResultBody } from "./result/ResultBody.tsx";
import { ResultNotes } from "./result/ResultNotes.tsx";
import { VersionPicker } from "./result/VersionPicker.tsx";
import { useFocusOnSwap, useScrollToResult } from "./result/use-result-focus.ts";
import { useTextEditor } from "./result/use-text-editor.ts";

/** The result panel (spec §2): placeholder, skeleton, streamed text, badge, actions. */
export default function ResultPanel() {
  const desk = useStore($desk);
  const writers = useStore($writers);
  const { data: credits } = useStore($creditStatus);
  const { language: uiLanguage, t } = useMessages();
  const streaming = desk.busy;
  const version = streaming ? desk.writing : shownVersion(desk);
  const text = version?.text ?? "";
  const hasText = text.length > 0;
  const language = version?.request.language ?? "english";
  // Chosen in this tab, so known: the panel shows this session's texts only.
  const useCase = useStore($knownUseCases)[version?.request.useCase ?? ""];
  const actionRow = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const editor = useTextEditor(text, streaming, desk.shown);
  const { editing } = editor;
  useScrollToResult(panel, streaming, desk.error);
  useFocusOnSwap(actionRow, streaming);
  // Like Generate: an AI text needs a text's credits (template drafts are free).
  const outOfCredits =
    writers?.writer === "ai" && credits ? credits.credits < credits.costPerUse : false;
  const canRefine =
    !streaming &&
    writers?.writer === "ai" &&
    Boolean(version?.generationId) &&
    version?.modelUsed !== "local";

  return (
    <div ref={panel} className="flex h-full scroll-mt-24 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
            {t("result.heading")}
          </h2>
          {useCase && (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {localized(uiLanguage, useCase.name)}
            </p>
          )}
        </div>
        <div className="flex items-center gap-2">
          {!streaming && !editing && desk.versions.length > 1 && (
            <VersionPicker
              shown={desk.shown}
              count={desk.versions.length}
              kind={versionLabel(uiLanguage, versionOrigin(version!))}
              t={t}
            />
          )}
          {version?.modelUsed && !streaming && (
            <span
              data-model={version.modelUsed}
              className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100"
            >
              {modelBadge(uiLanguage, version.modelUsed, version.modelName)}
            </span>
          )}
        </div>
      </div>

      {!streaming && (
        <ResultNotes desk={desk} version={version} isGuest={Boolean(credits?.isGuest)} t={t} />
      )}

      <ResultBody
        text={text}
        language={language}
        streaming={streaming}
        queuePosition={desk.queuePosition}
        editor={editor}
        t={t}
      />

      {(hasText || streaming) && (
        <ResultActions
          version={version}
          text={text}
          language={language}
          streaming={streaming}
          editor={editor}
          outOfCredits={outOfCredits}
          canRefine={canRefine}
          actionRow={actionRow}
        />
      )}
      <DiscardDialog onDiscard={() => editor.setDraft(null)} t={t} />
    </div>
  );
}
