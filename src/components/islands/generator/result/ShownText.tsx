import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { versionLabel } from "#i18n/wording.ts";
import { writerBadge } from "#i18n/outcomes.ts";
import { $writers } from "#generator/state/engines.ts";
import { versionOrigin, type DeskState, type TextVersion } from "#generator/state/desk.ts";
import { $creditStatus } from "#stores/credits.ts";
import { rememberDesk } from "#generator/state/desk-restore.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";
import {
  $changesShown,
  changesBase,
  openOnChanges,
  showChanges,
  type ChangesBase,
} from "#generator/state/changes-view.ts";
import { changeWords } from "#i18n/changes.ts";
import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DiscardDialog } from "./DiscardDialog.tsx";
import { PanelFrame } from "./PanelFrame.tsx";
import { ResultActions } from "./ResultActions.tsx";
import { WaitingBody } from "./ResultBody.tsx";
import { TextBody } from "./TextBody.tsx";
import { VersionPicker } from "./VersionPicker.tsx";
import { PassageTools } from "./PassageTools.tsx";
import { PassageReview, usePassageMark } from "./PassageReview.tsx";
import { useFocusOnSwap } from "./use-result-focus.ts";
import { useTextEditor } from "./use-text-editor.ts";

/**
 * "See what changed" loads on first use, with the diff library (DESIGN §11); offline after
 * a deploy, the panel says it could not, and the text stays as it was.
 */
const ChangesView = lazy(() =>
  import("./ChangesView.tsx").catch(() => ({ default: ChangesFailed })),
);

function ChangesFailed(_: { version: TextVersion; base: ChangesBase }) {
  const { t: c } = useMessages(changeWords);
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {c("changes.failed")}
    </p>
  );
}

/**
 * The result panel once a text is on its way or shown: the version picker and badge, the
 * words, the editor, and the actions under them. Loaded with the first text, not with the
 * page (decision 074): the home page's JavaScript has a budget (DESIGN §11).
 */
export function ShownText({
  desk,
  version,
  heading,
  notes,
}: {
  desk: DeskState;
  /** The version being written, or the one shown. */
  version: TextVersion | null;
  heading: ReactNode;
  notes: ReactNode;
}) {
  const writers = useStore($writers);
  const { data: credits } = useStore($creditStatus);
  const { language: uiLanguage, t } = useMessages();
  const { t: m } = useMessages(passageWords);
  const streaming = desk.busy;
  const text = version?.text ?? "";
  const language = version?.request.language ?? "english";
  const actionRow = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const editor = useTextEditor(text, streaming, desk.shown);
  const { editing } = editor;
  useFocusOnSwap(actionRow, streaming);
  // Remembered for a reload (issue 43).
  useEffect(() => rememberDesk(desk), [desk]);
  // Like Generate: an AI text needs a text's credits (template drafts are free).
  const outOfCredits =
    writers?.writer === "ai" && credits ? credits.credits < credits.costPerUse : false;
  // A template draft ("local") is not the AI's to change (decision 089).
  const canRefine =
    !streaming &&
    writers?.writer === "ai" &&
    Boolean(version?.generationId) &&
    version?.modelUsed !== "local";
  const reviewing = !streaming && Boolean(desk.review) && Boolean(version?.passage);
  // The new passage is marked while it is written and until it is kept.
  usePassageMark(textRef, text, streaming || reviewing ? version?.passage : null);
  const useCase = useStore($knownUseCases)[version?.request.useCase ?? ""];
  const base = streaming || editing ? null : changesBase(desk, version, useCase);
  const changesShown = useStore($changesShown);
  const comparing = Boolean(base) && !reviewing && changesShown === version?.generationId;
  // Fix grammar's changes are the product: its result opens on them.
  useEffect(() => openOnChanges(version, base, useCase), [version, base, useCase]);

  return (
    <PanelFrame
      heading={heading}
      notes={notes}
      aside={
        <>
          {!streaming && !editing && !reviewing && !comparing && desk.versions.length > 1 && (
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
              {writerBadge(uiLanguage, version.modelUsed, version.modelName)}
            </span>
          )}
        </>
      }
    >
      <div className="mt-4 flex-1" aria-busy={streaming} aria-live="off">
        {comparing ? (
          <Suspense fallback={null}>
            <ChangesView key={version!.generationId} version={version!} base={base!} />
          </Suspense>
        ) : text ? (
          <TextBody
            text={text}
            language={language}
            // A passage is written into a finished text: all of it renders as it arrives.
            streaming={streaming && !version?.passage}
            editor={editor}
            textRef={textRef}
            label={m("text.label")}
            t={t}
          />
        ) : (
          <WaitingBody waiting={streaming} queuePosition={desk.queuePosition} t={t} />
        )}
      </div>
      <PassageTools
        textRef={textRef}
        text={text}
        enabled={canRefine && !editing && !reviewing && !comparing}
        outOfCredits={outOfCredits}
        cost={credits?.costPerUse}
      />
      {reviewing && version && <PassageReview version={version} outOfCredits={outOfCredits} />}
      {!streaming && version?.modelUsed === "local" && (
        <p data-testid="template-no-ai" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {m("template.noAi")}
        </p>
      )}
      {!comparing && (
        <ResultActions
          version={version}
          text={text}
          language={language}
          streaming={streaming}
          editor={editor}
          outOfCredits={outOfCredits}
          canRefine={canRefine && !reviewing}
          actionRow={actionRow}
          onShowChanges={base && !reviewing ? () => showChanges(version!.generationId!) : undefined}
        />
      )}
      <DiscardDialog onDiscard={() => editor.setDraft(null)} t={t} />
    </PanelFrame>
  );
}
