import { useStore } from "@nanostores/react";
import { useEffect, useState, type FormEvent, type KeyboardEvent } from "react";
import { languageOption, contentTypeName } from "#i18n/messages.ts";
import {
  CONTENT_TYPES,
  CONTENT_TYPE_IDS,
  LANGUAGES,
  LANGUAGE_IDS,
  LENGTHS,
  MAX_PROMPT_CHARS,
  TONES,
  type ContentType,
  type Length,
  type Tone,
} from "#shared/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { $writers, type WritersStatus } from "#stores/engines.ts";
import { $creditStatus } from "#stores/credits.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { $desk, $prompt } from "#stores/desk.ts";
import { generate } from "#stores/generation.ts";
import { afterUnsavedEdits } from "#stores/text-edit.ts";
import { setLanguage } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";
import { SelectField } from "#components/ui/Field.tsx";
import { takePromptForReuse } from "#client/reuse-prompt.ts";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";

const CONTENT_TYPE_KEY = "selectedContentType";

function storedContentType(): ContentType {
  try {
    const value = localStorage.getItem(CONTENT_TYPE_KEY);
    return (CONTENT_TYPE_IDS as string[]).includes(value ?? "") ? (value as ContentType) : "email";
  } catch {
    return "email";
  }
}

/** Why texts are template drafts for now, in one line. */
function writerStatusLine(writers: WritersStatus, t: Translate): string {
  if (writers.templateReason === "downloading") {
    return t("writer.status.downloading", { percent: writers.local.percent ?? 0 });
  }
  if (writers.templateReason === "loading") return t("writer.status.loading");
  if (writers.templateReason === "context-too-small") return t("writer.status.context-too-small");
  return t("writer.status.template");
}

/** The generator form (spec §2): language, content type, prompt, Generate Text. */
export default function GeneratorForm() {
  const { language, t } = useMessages();
  const { busy } = useStore($desk);
  const writers = useStore($writers);
  const { data: credits } = useStore($creditStatus);
  const prompt = useStore($prompt);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [contentType, setContentType] = useState<ContentType>("email");
  const [tone, setTone] = useState<Tone>("standard");
  const [length, setLength] = useState<Length | "">("");
  const [error, setError] = useState<{
    field: "content" | "language" | "contentType";
    message: string;
  } | null>(null);
  // Template drafts are free (decision 032): the cost and the zero-credit lock are for AI texts.
  const charged = writers?.writer === "ai" && credits ? credits : null;
  const outOfCredits = charged !== null && !charged.hasCredits;

  useEffect(() => {
    const reused = takePromptForReuse();
    if (!reused) {
      setContentType(storedContentType());
      return;
    }
    // "Use this prompt again" from the history: the request as it was, ready to send.
    $prompt.set(reused.content);
    if ((CONTENT_TYPE_IDS as string[]).includes(reused.contentType))
      setContentType(reused.contentType);
    if ((LANGUAGE_IDS as string[]).includes(reused.language)) setLanguage(reused.language);
    if (reused.tone && (TONES as readonly string[]).includes(reused.tone)) setTone(reused.tone);
    if (reused.length && (LENGTHS as readonly string[]).includes(reused.length))
      setLength(reused.length);
  }, []);

  function chooseContentType(value: string) {
    const next = value as ContentType;
    setContentType(next);
    try {
      localStorage.setItem(CONTENT_TYPE_KEY, next);
    } catch {
      // The choice still applies to this page.
    }
  }

  /** Ctrl+Enter (⌘+Enter on a Mac) sends the form from the prompt box. */
  function onPromptKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  function noCreditsReason(): string {
    if (!charged) return "";
    if (charged.isGuest) return t("desk.noCredits.guest");
    if (charged.noTextReason === "networkTrialUsedUp") return t("desk.noCredits.network");
    return charged.isVerified ? t("desk.noCredits.user") : t("desk.noCredits.unverified");
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Ctrl+Enter submits past the disabled button: one text at a time, the prompt stays.
    if (busy) return;
    if (!(LANGUAGE_IDS as string[]).includes(language)) {
      setError({ field: "language", message: t("validation.language") });
      return;
    }
    if (!(CONTENT_TYPE_IDS as string[]).includes(contentType)) {
      setError({ field: "contentType", message: t("validation.contentType") });
      return;
    }
    const content = prompt.trim();
    if (!content) {
      setError({ field: "content", message: t("validation.content") });
      showToast({
        title: t("generator.emptyPrompt.title"),
        description: t("generator.emptyPrompt.body"),
        variant: "error",
      });
      return;
    }
    setError(null);
    if (outOfCredits) {
      openCreditDialog(charged.isGuest);
      return;
    }
    // The store clears the prompt box once the server has accepted it (decision 035).
    const request = {
      subject: deriveSubject(content),
      content,
      tone,
      language: language as (typeof LANGUAGE_IDS)[number],
      contentType,
      ...(length ? { length } : {}),
    };
    afterUnsavedEdits(() => void generate(request));
  }

  const selects = (
    <>
      <SelectField
        id="generator-language"
        label={t("generator.language")}
        value={language}
        onChange={setLanguage}
        options={LANGUAGES.map((option) => ({
          value: option.id,
          label: languageOption(language, option.id),
        }))}
        invalid={error?.field === "language"}
      />
      <SelectField
        id="generator-type"
        label={t("generator.contentType")}
        value={contentType}
        onChange={chooseContentType}
        options={CONTENT_TYPES.map((option) => ({
          value: option.id,
          label: contentTypeName(language, option.id),
        }))}
        invalid={error?.field === "contentType"}
      />
      <SelectField
        id="generator-tone"
        label={t("generator.tone")}
        value={tone}
        onChange={(value) => setTone(value as Tone)}
        options={TONES.map((option) => ({ value: option, label: t(`tone.${option}`) }))}
      />
      <SelectField
        id="generator-length"
        label={t("generator.length")}
        value={length}
        onChange={(value) => setLength(value as Length | "")}
        options={[
          { value: "", label: t("length.auto") },
          ...LENGTHS.map((option) => ({ value: option, label: t(`length.${option}`) })),
        ]}
      />
    </>
  );
  const described = [error && "generator-error", "generator-count"].filter(Boolean).join(" ");

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={t("generator.section")}
    >
      {/* Phones: the prompt first, the selects folded under "More options". */}
      <div className="order-2 sm:order-1">
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 sm:hidden dark:text-brand-100"
          aria-expanded={optionsOpen}
          aria-controls="generator-options"
          onClick={() => setOptionsOpen(!optionsOpen)}
        >
          <span aria-hidden="true">{optionsOpen ? "▾" : "▸"}</span>
          {t("desk.moreOptions")}
        </button>
        <div
          id="generator-options"
          className={`${optionsOpen || error?.field === "language" || error?.field === "contentType" ? "grid" : "hidden"} mt-3 gap-4 sm:mt-0 sm:grid sm:grid-cols-2`}
        >
          {selects}
        </div>
      </div>
      <div className="order-1 grid gap-1.5 sm:order-2">
        <label
          htmlFor="generator-prompt"
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t("generator.promptLabel")}
        </label>
        <textarea
          id="generator-prompt"
          rows={6}
          dir="auto"
          maxLength={MAX_PROMPT_CHARS}
          value={prompt}
          onChange={(event) => $prompt.set(event.target.value)}
          onKeyDown={onPromptKeyDown}
          placeholder={t("generator.placeholder")}
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
      <div className="order-3 grid gap-1.5">
        <button
          type="submit"
          disabled={busy || outOfCredits}
          aria-describedby="generator-cost"
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? t("generator.busy") : t("generator.submit")}
        </button>
        <p
          id="generator-cost"
          data-testid="generator-cost"
          // Its line is kept while the credits load, so nothing below moves when they arrive.
          className="min-h-4 text-center text-xs text-slate-600 dark:text-slate-400"
        >
          {charged &&
            !outOfCredits &&
            t("desk.cost", { cost: charged.costPerUse, credits: charged.credits })}
          {outOfCredits && (
            <>
              {noCreditsReason()}{" "}
              <button
                type="button"
                className="font-medium text-brand-700 underline dark:text-brand-100"
                onClick={() => openCreditDialog(charged.isGuest)}
              >
                {t("desk.noCredits.more")}
              </button>
            </>
          )}
        </p>
      </div>
      {writers?.writer === "template" && (
        <p
          data-testid="writer-status"
          className="order-4 text-sm text-slate-600 dark:text-slate-400"
        >
          {writerStatusLine(writers, t)}
        </p>
      )}
    </form>
  );
}
