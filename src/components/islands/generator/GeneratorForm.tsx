import { useStore } from "@nanostores/react";
import { lazy, Suspense, useState, type FormEvent, type KeyboardEvent } from "react";
import { CONTENT_TYPE_IDS, LANGUAGE_IDS, MAX_PROMPT_CHARS } from "#shared/generation.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import { $writers } from "#generator/state/engines.ts";
import { $creditStatus } from "#stores/credits.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { $desk, $prompt } from "#generator/state/desk.ts";
import { generate } from "#generator/state/attempt.ts";
import { afterUnsavedEdits } from "#generator/state/text-edit.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { GenerateButton } from "./form/GenerateButton.tsx";
import { GeneratorOptions } from "./form/GeneratorOptions.tsx";
import { fieldElementId } from "./form/field-ids.ts";
import { UseCaseOpener } from "./form/UseCasePicker.tsx";
import { TemplateSaver } from "./form/TemplateSaver.tsx";
import { OwnTextOpener } from "./own-text/OwnTextOpener.tsx";
import { loadedFieldsCode, loadFieldsCode, useFormChoices } from "./form/use-form-choices.ts";

/** A use case's fields load when one is chosen, the picker when it is opened. */
const UseCaseForm = lazy(loadFieldsCode);
const UseCaseDialog = lazy(() => import("./form/UseCaseDialog.tsx"));

export interface GeneratorFormProps {
  /** On a use case's page (/write/<slug>): the use case whose fields the form asks. */
  useCase?: UseCaseForForm;
}

/**
 * The generator form (spec §2): language, content type, prompt, Generate Text; with a use
 * case (issue 42, the page's or one picked above the description) its fields too.
 */
export default function GeneratorForm({ useCase: pageUseCase }: GeneratorFormProps) {
  // Loaded already on a use case's page (UseCasePageForm.tsx): no render without the fields.
  // Chosen once, at mount: switching from the lazy wrapper to the loaded component later
  // would remount the fields (and drop the focus of the one being typed in).
  const [UseCaseFields] = useState(() => loadedFieldsCode()?.default ?? UseCaseForm);
  const { language, t } = useMessages();
  const { busy } = useStore($desk);
  const writers = useStore($writers);
  const { data: credits } = useStore($creditStatus);
  const {
    useCase,
    chooseUseCase,
    fields,
    changeField,
    fieldErrors,
    setFieldErrors,
    contentType,
    chooseContentType,
    tone,
    setTone,
    length,
    setLength,
    voiceId,
    setVoiceId,
  } = useFormChoices(pageUseCase);
  // Read after the choices: on a use case's page their first render may fill it from the page.
  const prompt = useStore($prompt);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<{
    field: "content" | "language" | "contentType";
    message: string;
  } | null>(null);
  // Template drafts are free (decision 066): the cost and the zero-credit lock are for AI texts.
  const charged = writers?.writer === "ai" && credits ? credits : null;
  const outOfCredits = charged !== null && !charged.hasCredits;

  function onPickerChoice(next: UseCaseForForm | null) {
    setPicking(false);
    setError(null);
    chooseUseCase(next);
    // The dialog is gone: the person goes on at the first field (UseCaseForm), or here.
    if (!next) requestAnimationFrame(() => document.getElementById("generator-prompt")?.focus());
  }

  /**
   * Ctrl+Enter (⌘+Enter on a Mac) sends the form from any of its text boxes: the prompt and a
   * use case's paragraphs. A dialog's box (in a portal, with a form of its own) is not one.
   */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    const box = event.target;
    if (
      event.key === "Enter" &&
      (event.ctrlKey || event.metaKey) &&
      box instanceof HTMLTextAreaElement &&
      box.form === event.currentTarget
    ) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Ctrl+Enter submits past the disabled button: one text at a time, the prompt stays.
    if (busy) return;
    // At zero credits no change to the form can help: the press says why (decision 096).
    if (outOfCredits) {
      openCreditDialog(charged.isGuest);
      return;
    }
    if (!(LANGUAGE_IDS as string[]).includes(language)) {
      setError({ field: "language", message: t("failure.languageMissing") });
      return;
    }
    if (!(CONTENT_TYPE_IDS as string[]).includes(contentType)) {
      setError({ field: "contentType", message: t("failure.contentTypeMissing") });
      return;
    }
    const content = prompt.trim();
    if (useCase) {
      // Loaded already: the fields on screen came with it.
      void loadFieldsCode().then(({ checkUseCaseFields }) => {
        const checked = checkUseCaseFields(useCase, fields, language);
        setFieldErrors("refused" in checked ? checked.refused : {});
        if ("request" in checked) return send(content, checked.request);
        setError(null);
        document.getElementById(fieldElementId(Object.keys(checked.refused)[0]!))?.focus();
      });
      return;
    }
    if (!content) {
      setError({ field: "content", message: t("failure.contentMissing") });
      showToast({
        title: t("generator.emptyPrompt.title"),
        description: t("generator.emptyPrompt.body"),
        variant: "error",
      });
      return;
    }
    // The server derives the subject from the description (generationRequestSchema).
    send(content, {});
  }

  /** What the text is about: a use case and its fields, or the description the server reads. */
  function send(
    content: string,
    about: Pick<GenerationRequestBody, "subject" | "useCase" | "templateId" | "fields">,
  ) {
    setError(null);
    // The store clears the prompt box once the server has accepted it (decision 035).
    const request: GenerationRequestBody = {
      ...about,
      content,
      tone,
      language: language as (typeof LANGUAGE_IDS)[number],
      contentType,
      ...(length ? { length } : {}),
      ...(voiceId ? { voiceId } : {}),
    };
    afterUnsavedEdits(() => void generate(request));
  }

  const described = [error && "generator-error", "generator-count"].filter(Boolean).join(" ");

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys are its text boxes' (Ctrl+Enter), caught as they bubble
    <form
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4"
      aria-label={t("generator.section")}
    >
      {/* Phones: the prompt first, the selects folded under "More options". */}
      <GeneratorOptions
        contentType={contentType}
        tone={tone}
        length={length}
        onContentTypeChange={chooseContentType}
        onToneChange={setTone}
        onLengthChange={setLength}
        voiceId={voiceId}
        onVoiceChange={setVoiceId}
        invalid={error?.field === "language" || error?.field === "contentType" ? error.field : null}
        contentTypeFixed={useCase !== null}
        lengthShown={useCase?.category !== "tools"}
      />
      <div className="order-1 grid gap-4 sm:order-2">
        {useCase ? (
          <Suspense fallback={null}>
            <UseCaseFields
              useCase={useCase}
              onPick={() => setPicking(true)}
              onDescribe={() => onPickerChoice(null)}
              values={fields}
              errors={fieldErrors}
              onChange={changeField}
              onRefused={setFieldErrors}
              // Not the page's own, as the page opens: chosen, or brought back from the history.
              autoFocus={useCase !== pageUseCase}
            />
          </Suspense>
        ) : (
          <UseCaseOpener onOpen={() => setPicking(true)} />
        )}
        <OwnTextOpener />
        <TemplateSaver form={{ useCase, fields, prompt, contentType, tone, length, voiceId }} />
        {picking && (
          <Suspense fallback={null}>
            <UseCaseDialog
              chosen={useCase?.slug ?? null}
              onChoose={onPickerChoice}
              onClose={() => setPicking(false)}
              form={{ chooseUseCase, chooseContentType, setTone, setLength, setVoiceId }}
            />
          </Suspense>
        )}
        <div className="grid gap-1.5">
          <label
            htmlFor="generator-prompt"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {useCase ? t("useCase.extraLabel") : t("generator.promptLabel")}
          </label>
          <textarea
            id="generator-prompt"
            rows={useCase ? 3 : 6}
            dir="auto"
            maxLength={MAX_PROMPT_CHARS}
            value={prompt}
            onChange={(event) => $prompt.set(event.target.value)}
            placeholder={useCase ? undefined : t("generator.placeholder")}
            aria-invalid={error?.field === "content" || undefined}
            aria-describedby={described}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
          />
          <div className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
            <span className="hidden sm:inline">{t("desk.shortcut")}</span>
            <span id="generator-count" className="ml-auto tabular-nums">
              {t("generator.count", { count: prompt.length, max: MAX_PROMPT_CHARS })}
            </span>
          </div>
          {error && (
            <p id="generator-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error.message}
            </p>
          )}
        </div>
      </div>
      <GenerateButton busy={busy} charged={charged} writers={writers} />
    </form>
  );
}
