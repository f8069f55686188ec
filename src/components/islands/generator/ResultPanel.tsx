import { useStore } from "@nanostores/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  contentTypeName,
  languageOption,
  modelBadge,
  translateCount,
  versionLabel,
} from "#i18n/messages.ts";
import { LANGUAGES, countWords, type Language, type Refinement } from "#shared/generation.ts";
import { $writers } from "#stores/engines.ts";
import { $desk, shownVersion, showVersion, versionOrigin, type TextVersion } from "#stores/desk.ts";
import { refine, regenerate, retry, stopGeneration } from "#stores/generation.ts";
import {
  $discardQuestion,
  $unsavedEdit,
  afterUnsavedEdits,
  saveEditedText,
} from "#stores/text-edit.ts";
import { $creditStatus } from "#stores/credits.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { RenderedText } from "#components/ui/RenderedText.tsx";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";

/**
 * Copy, the downloads and Print load with the first text, not with the page: the home page's
 * JavaScript has a budget (DESIGN §11), and they are of no use before a text.
 */
const loadTextActions = () => import("#components/ui/TextActions.tsx");
const TextActions = lazy(() =>
  loadTextActions().then((module) => ({ default: module.TextActions })),
);

const action =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

const REFINE_BUTTONS: Exclude<Refinement, "translate">[] = [
  "shorter",
  "longer",
  "formal",
  "friendlier",
];

function Skeleton() {
  return (
    <div aria-hidden="true" className="grid animate-pulse gap-3">
      {["w-2/3", "w-full", "w-11/12", "w-full", "w-4/5", "w-1/2"].map((width, index) => (
        <div key={index} className={`h-3 rounded bg-slate-200 dark:bg-slate-700 ${width}`} />
      ))}
    </div>
  );
}

/** ‹ 2/3 ›: this session's versions of one request. */
function VersionPicker({
  shown,
  count,
  kind,
  t,
}: {
  shown: number;
  count: number;
  /** What the shown version is: "Original", "Shorter", "Edited", … */
  kind: string;
  t: Translate;
}) {
  const label = `${t("desk.version", { index: shown + 1, count })} · ${kind}`;
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-1 text-sm">
      <button
        type="button"
        className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
        onClick={() => showVersion(shown - 1)}
        disabled={shown === 0}
        aria-label={t("desk.previousVersion")}
      >
        ‹
      </button>
      <span data-testid="version-count" className="tabular-nums" aria-hidden="true">
        {t("desk.versionShort", { index: shown + 1, count })}
      </span>
      <span
        data-testid="version-kind"
        aria-hidden="true"
        className="text-slate-600 dark:text-slate-400"
      >
        {kind}
      </span>
      <span className="sr-only" aria-live="polite">
        {label}
      </span>
      <button
        type="button"
        className="rounded px-2 py-0.5 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
        onClick={() => showVersion(shown + 1)}
        disabled={shown === count - 1}
        aria-label={t("desk.nextVersion")}
      >
        ›
      </button>
    </div>
  );
}

/** Shorter, Longer, More formal, Friendlier, Translate to …: follow-ups to the shown text. */
function RefineBar({
  version,
  outOfCredits,
  t,
}: {
  version: TextVersion;
  /** A refinement is a paid text: like Regenerate, it waits for credits. */
  outOfCredits: boolean;
  t: Translate;
}) {
  return (
    <div
      role="group"
      aria-label={t("desk.refine")}
      className="mt-3 flex flex-wrap items-center gap-2"
    >
      {REFINE_BUTTONS.map((name) => (
        <button
          key={name}
          type="button"
          className={action}
          disabled={outOfCredits}
          onClick={() => refine(name)}
        >
          {t(`desk.refine.${name}`)}
        </button>
      ))}
      <TranslateControl version={version} outOfCredits={outOfCredits} />
    </div>
  );
}

/** Translate to …: a language, then a button, so that choosing never charges by itself. */
function TranslateControl({
  version,
  outOfCredits,
}: {
  version: TextVersion;
  outOfCredits: boolean;
}) {
  const { language: uiLanguage, t } = useMessages();
  const [target, setTarget] = useState("");
  return (
    <span className="inline-flex items-center gap-1">
      <label className="sr-only" htmlFor="refine-translate">
        {t("desk.refine.translateTo")}
      </label>
      <select
        id="refine-translate"
        className={`${action} bg-white dark:bg-slate-900`}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="" disabled>
          {t("desk.refine.translate")}
        </option>
        {LANGUAGES.filter((language) => language.id !== version.request.language).map(
          (language) => (
            <option key={language.id} value={language.id}>
              {languageOption(uiLanguage, language.id)}
            </option>
          ),
        )}
      </select>
      <button
        type="button"
        className={action}
        disabled={!target || outOfCredits}
        onClick={() => refine("translate", target as Language)}
      >
        {t("desk.refine.translateButton")}
      </button>
    </span>
  );
}

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
  const actions = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  /** The editor's text while the shown version is being edited (Edit → Save or Cancel). */
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = draft !== null && !streaming;
  const changed = editing && draft !== text;
  /** Cancel, Escape, Generate or Retry with changes in the editor ask first. */
  const discardQuestion = useStore($discardQuestion);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when Cancel's answer closes the editor: focus goes back to Edit, not to the page. */
  const refocusEdit = useRef(false);
  useEffect(() => setDraft(null), [desk.shown, streaming]);
  useEffect(() => {
    $unsavedEdit.set(changed);
    if (!changed) return;
    // Leaving the page asks first too, in the browser's words.
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    addEventListener("beforeunload", warn);
    return () => {
      $unsavedEdit.set(false);
      removeEventListener("beforeunload", warn);
    };
  }, [changed]);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);
  const closeEditor = () => {
    refocusEdit.current = true;
    setDraft(null);
  };
  const cancelEdit = () => {
    if (!saving) afterUnsavedEdits(closeEditor);
  };
  // Fetched with the first words, so that the actions are there when the text ends.
  useEffect(() => {
    if (hasText) void loadTextActions();
  }, [hasText]);
  const save = async () => {
    if (draft === null || saving) return;
    if (draft === text) return setDraft(null);
    setSaving(true);
    const saved = await saveEditedText(draft);
    setSaving(false);
    if (saved) setDraft(null);
  };
  useEffect(() => {
    // A text starts, or an attempt failed: the panel's top (badge, status, picker, error
    // box) comes into view, on a phone where the form stands above it and on a desktop
    // scrolled down to the Generate button. Left alone when it is already in sight.
    if (!streaming && !desk.error) return;
    const element = panel.current;
    if (!element) return;
    const { top } = element.getBoundingClientRect();
    const header = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    if (top >= header && top <= window.innerHeight / 2) return;
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    element.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
  }, [streaming, desk.error]);
  useEffect(() => {
    // Stop and Regenerate take each other's place: focus on the one that went moves to what
    // stands there now, not to <body>, where a keyboard user would start over.
    const focused = document.activeElement;
    if (focused && focused !== document.body) return;
    actions.current?.querySelector("button")?.focus({ preventScroll: true });
  }, [streaming]);
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
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("result.heading")}
        </h2>
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

      {desk.error && !streaming && (
        <div
          role="alert"
          data-testid="result-error"
          className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
        >
          <span>{desk.error}</span>
          {desk.errorAction === "credits" && (
            <button
              type="button"
              className={action}
              onClick={() => openCreditDialog(Boolean(credits?.isGuest))}
            >
              {t("desk.noCredits.more")}
            </button>
          )}
          {desk.errorAction === "retry" && (
            <button type="button" className={action} onClick={() => afterUnsavedEdits(retry)}>
              {t("desk.retry")}
            </button>
          )}
        </div>
      )}

      {version?.stopped && !streaming && (
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
            <button type="button" className={action} onClick={() => afterUnsavedEdits(retry)}>
              {t("desk.retry")}
            </button>
          )}
        </p>
      )}

      {version?.templateReason && !streaming && (
        <p data-testid="template-note" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t(`writer.template.${version.templateReason}`)}
        </p>
      )}

      <div className="mt-4 flex-1" aria-busy={streaming} aria-live="off">
        {!hasText && streaming && desk.queuePosition !== null && (
          <p role="status" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            {t("writer.queued", { count: desk.queuePosition })}
          </p>
        )}
        {!hasText && streaming && <Skeleton />}
        {!hasText && !streaming && (
          <p className="text-sm text-slate-600 dark:text-slate-400">{t("result.placeholder")}</p>
        )}
        {editing && (
          <textarea
            data-testid="result-editor"
            aria-label={t("desk.editLabel")}
            title={t("desk.editLabel")}
            dir="auto"
            lang={language}
            autoFocus
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                // Else the same key press would close the question it opens.
                event.preventDefault();
                cancelEdit();
              }
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void save();
              }
            }}
            className="min-h-[20rem] w-full resize-y rounded-md border border-slate-300 bg-white p-3 font-mono text-sm leading-6 text-slate-900 focus:outline-2 focus:outline-brand-600 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          />
        )}
        {hasText && !editing && (
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

      {(hasText || streaming) && (
        <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div ref={actions} className="flex flex-wrap items-center gap-2">
            <p className="mr-auto text-xs text-slate-600 dark:text-slate-400">
              {translateCount(uiLanguage, "result.words", countWords(text))} •{" "}
              {contentTypeName(uiLanguage, version?.request.contentType)}
            </p>
            {streaming ? (
              <button type="button" className={action} onClick={() => void stopGeneration()}>
                {t("result.stop")}
              </button>
            ) : editing ? (
              <>
                <button
                  type="button"
                  className={action}
                  disabled={saving || !draft.trim()}
                  onClick={() => void save()}
                >
                  {t("desk.saveEdit")}
                </button>
                <button type="button" className={action} disabled={saving} onClick={cancelEdit}>
                  {t("desk.cancelEdit")}
                </button>
              </>
            ) : (
              <>
                {/* Regenerate first: where Stop was stands Print, never a charged action. */}
                <button
                  type="button"
                  className={action}
                  onClick={regenerate}
                  disabled={outOfCredits}
                >
                  {t("desk.regenerate")}
                </button>
                {version?.generationId && (
                  <button
                    ref={editButton}
                    type="button"
                    className={action}
                    onClick={() => setDraft(text)}
                  >
                    {t("desk.edit")}
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
                </Suspense>
              </>
            )}
          </div>
          {canRefine && !editing && version && (
            <RefineBar version={version} outOfCredits={outOfCredits} t={t} />
          )}
        </div>
      )}
      <ModalDialog
        open={discardQuestion !== null}
        onClose={() => $discardQuestion.set(null)}
        title={t("desk.discardTitle")}
        description={<p>{t("desk.discardBody")}</p>}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={() => $discardQuestion.set(null)}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
          >
            {t("desk.keepEditing")}
          </button>
          <button
            type="button"
            onClick={() => {
              $discardQuestion.set(null);
              setDraft(null);
              discardQuestion?.then();
            }}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {t("desk.discard")}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
