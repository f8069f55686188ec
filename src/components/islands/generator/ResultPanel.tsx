import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { localized } from "#i18n/wording.ts";
import { $desk, $restoring, shownVersion } from "#generator/state/desk.ts";
import { $creditStatus } from "#stores/credits.ts";
import { $knownUseCases } from "#generator/state/use-cases.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { PanelFrame } from "./result/PanelFrame.tsx";
import { WaitingBody } from "./result/ResultBody.tsx";
import { ResultNotes } from "./result/ResultNotes.tsx";
import { useScrollToResult } from "./result/use-result-focus.ts";

/**
 * The shown text (its words, picker, editor and actions) loads when the first text starts,
 * long before its first words arrive; until then the panel shows what it would show anyway.
 */
const loadShownText = () => import("./result/ShownText.tsx");
const ShownText = lazy(() => loadShownText().then((module) => ({ default: module.ShownText })));

/** The result panel (spec §2): placeholder, skeleton, streamed text, badge, actions. */
export default function ResultPanel() {
  const desk = useStore($desk);
  const { data: credits } = useStore($creditStatus);
  const { language: uiLanguage, t } = useMessages();
  const streaming = desk.busy;
  const version = streaming ? desk.writing : shownVersion(desk);
  const shown = streaming || Boolean(version?.text);
  // After a reload, the text shown before comes back: a skeleton meanwhile, not the placeholder.
  const restoring = useStore($restoring);
  // Chosen in this tab, so known: the panel shows this session's texts only.
  const useCase = useStore($knownUseCases)[version?.request.useCase ?? ""];
  const panel = useRef<HTMLDivElement>(null);
  useScrollToResult(panel, streaming, desk.error);
  useEffect(() => {
    if (!$restoring.get()) return;
    // The text's code and the text itself, at once.
    loadShownText().catch(() => {});
    void import("#generator/state/desk-restore.ts").then(
      (module) => module.restoreDesk(),
      () => $restoring.set(false),
    );
  }, []);

  const heading = (
    <>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("result.heading")}
      </h2>
      {useCase && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {localized(uiLanguage, useCase.name)}
        </p>
      )}
    </>
  );
  const notes = !streaming && (
    <ResultNotes
      desk={desk}
      version={version}
      isGuest={Boolean(credits?.isGuest)}
      language={uiLanguage}
      t={t}
    />
  );
  const waiting = (
    <PanelFrame heading={heading} notes={notes}>
      <div className="mt-4 flex-1" aria-busy={streaming} aria-live="off">
        <WaitingBody waiting={shown || restoring} queuePosition={desk.queuePosition} t={t} />
      </div>
    </PanelFrame>
  );

  return (
    // Under the form (below lg), a text holds a screen's height from its start: the page
    // scrolls to it, and its words grow into space already there, never pushing what is
    // below up and down the screen as they stream (issue 30: CLS 0.24 on a phone).
    <div
      ref={panel}
      className={`flex h-full scroll-mt-24 flex-col ${shown ? "max-lg:min-h-[calc(100svh-6rem)]" : ""}`}
    >
      {shown ? (
        <Suspense fallback={waiting}>
          <ShownText desk={desk} version={version} heading={heading} notes={notes} />
        </Suspense>
      ) : (
        waiting
      )}
    </div>
  );
}
