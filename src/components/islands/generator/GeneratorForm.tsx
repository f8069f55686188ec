import { useStore } from "@nanostores/react";
import { useEffect, useState, type FormEvent } from "react";
import { messagesFor, type MessageKey } from "#i18n/messages.ts";
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
import { $generation, generate } from "#stores/generation.ts";
import { $language, setLanguage } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";
import { SelectField } from "#components/ui/Field.tsx";

const CONTENT_TYPE_KEY = "selectedContentType";
const TONE_LABELS: Record<Tone, string> = {
  standard: "Standard",
  formal: "Formal",
  friendly: "Friendly",
  persuasive: "Persuasive",
  concise: "Concise",
};
const LENGTH_LABELS: Record<Length, string> = {
  short: "Short (~120 words)",
  medium: "Medium (~300 words)",
  long: "Long (~700 words)",
};

function storedContentType(): ContentType {
  try {
    const value = localStorage.getItem(CONTENT_TYPE_KEY);
    return (CONTENT_TYPE_IDS as string[]).includes(value ?? "") ? (value as ContentType) : "email";
  } catch {
    return "email";
  }
}

/** Why texts are template drafts for now, in one line. */
function writerStatusLine(writers: WritersStatus, t: Record<MessageKey, string>): string {
  if (writers.templateReason === "downloading") {
    const percent = writers.local.percent ?? 0;
    return t["writer.status.downloading"].replace("{percent}", String(percent));
  }
  if (writers.templateReason === "loading") return t["writer.status.loading"];
  return t["writer.status.template"];
}

/** The generator form (spec §2): language, content type, prompt, Generate Text. */
export default function GeneratorForm() {
  const language = useStore($language);
  const { phase } = useStore($generation);
  const writers = useStore($writers);
  const t = messagesFor(language);
  const [contentType, setContentType] = useState<ContentType>("email");
  const [tone, setTone] = useState<Tone>("standard");
  const [length, setLength] = useState<Length | "">("");
  const [prompt, setPrompt] = useState("");
  const [error, setError] = useState<{
    field: "content" | "language" | "contentType";
    message: string;
  } | null>(null);
  const busy = phase === "generating";

  useEffect(() => setContentType(storedContentType()), []);

  function chooseContentType(value: string) {
    const next = value as ContentType;
    setContentType(next);
    try {
      localStorage.setItem(CONTENT_TYPE_KEY, next);
    } catch {
      // The choice still applies to this page.
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(LANGUAGE_IDS as string[]).includes(language)) {
      setError({ field: "language", message: t["generator.validation.language"] });
      return;
    }
    if (!(CONTENT_TYPE_IDS as string[]).includes(contentType)) {
      setError({ field: "contentType", message: t["generator.validation.contentType"] });
      return;
    }
    const content = prompt.trim();
    if (!content) {
      setError({ field: "content", message: t["generator.validation.content"] });
      showToast({
        title: t["generator.emptyPrompt.title"],
        description: t["generator.emptyPrompt.body"],
        variant: "error",
      });
      return;
    }
    setError(null);
    // Spec §4: the prompt box is cleared once the request is sent.
    setPrompt("");
    void generate({
      subject: deriveSubject(content),
      content,
      tone,
      language: language as (typeof LANGUAGE_IDS)[number],
      contentType,
      ...(length ? { length } : {}),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Text generator">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="generator-language"
          label="Language"
          value={language}
          onChange={setLanguage}
          options={LANGUAGES.map((option) => ({ value: option.id, label: option.label }))}
          invalid={error?.field === "language"}
        />
        <SelectField
          id="generator-type"
          label="Content type"
          value={contentType}
          onChange={chooseContentType}
          options={CONTENT_TYPES.map((option) => ({ value: option.id, label: option.label }))}
          invalid={error?.field === "contentType"}
        />
        <SelectField
          id="generator-tone"
          label="Tone"
          value={tone}
          onChange={(value) => setTone(value as Tone)}
          options={TONES.map((option) => ({ value: option, label: TONE_LABELS[option] }))}
        />
        <SelectField
          id="generator-length"
          label="Length"
          value={length}
          onChange={(value) => setLength(value as Length | "")}
          options={[
            { value: "", label: "Automatic" },
            ...LENGTHS.map((option) => ({ value: option, label: LENGTH_LABELS[option] })),
          ]}
        />
      </div>
      <div className="grid gap-1.5">
        <label
          htmlFor="generator-prompt"
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Describe the text you want
        </label>
        <textarea
          id="generator-prompt"
          rows={6}
          maxLength={MAX_PROMPT_CHARS}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          placeholder="For example: an email to my landlord about the broken heating, polite but firm."
          aria-invalid={error?.field === "content" || undefined}
          aria-describedby={error ? "generator-error" : undefined}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:placeholder:text-slate-400"
        />
        {error && (
          <p id="generator-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error.message}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Generating..." : "Generate Text"}
      </button>
      {writers?.writer === "template" && (
        <p data-testid="writer-status" className="text-sm text-slate-600 dark:text-slate-400">
          {writerStatusLine(writers, t)}
        </p>
      )}
    </form>
  );
}
