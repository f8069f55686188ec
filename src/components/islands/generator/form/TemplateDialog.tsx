import { useState, type FormEvent } from "react";
import { describeLibraryFailure, describeLibraryFieldFailures } from "#i18n/library-failures.ts";
import { localized } from "#i18n/wording.ts";
import { templateWords } from "#i18n/templates.ts";
import type { LANGUAGE_IDS } from "#shared/generation.ts";
import type { TemplateFormBody } from "#shared/schemas/templates.ts";
import { MAX_TEMPLATE_NAME_CHARS, placeholdersOf } from "#shared/templates.ts";
import { saveTemplate } from "#generator/state/templates.ts";
import { showToast } from "#stores/toasts.ts";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { isTemplateUseCase, type FormState } from "./template-use-case.ts";

/**
 * What the form holds, as a template keeps it: the chosen use case with its filled fields
 * (and what was typed under them), or the description with its type; a template of
 * one's own stays a description. Null when there is nothing to keep yet.
 */
export function templateFormOf(form: FormState, language: string): TemplateFormBody | null {
  const choices = {
    language: language as (typeof LANGUAGE_IDS)[number],
    tone: form.tone,
    ...(form.length ? { length: form.length } : {}),
    ...(form.voiceId ? { voiceId: form.voiceId } : {}),
  };
  const typed = form.prompt.trim();
  const { useCase } = form;
  if (useCase && !isTemplateUseCase(useCase)) {
    const fields = Object.fromEntries(
      Object.entries(form.fields)
        .map(([id, value]) => [id, value.trim()] as const)
        .filter(([, value]) => value),
    );
    return { kind: "useCase", useCase: useCase.slug, fields, content: typed, ...choices };
  }
  const content = useCase ? [useCase.summary.en, typed].filter(Boolean).join("\n\n") : typed;
  if (!content) return null;
  return { kind: "description", content, contentType: form.contentType, ...choices };
}

/** "Save as template" (issue 28): a name for what the form holds. Loaded on first use. */
export default function TemplateDialog({ form, onClose }: { form: FormState; onClose(): void }) {
  const { language, t } = useMessages();
  const { t: w } = useMessages(templateWords);
  const [saved] = useState(() => templateFormOf(form, language));
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React hands a portal's events to its tree's parents: the generator's form is one.
    event.stopPropagation();
    if (saving || !saved) return;
    setSaving(true);
    try {
      const { ok, body } = await saveTemplate(name, saved);
      if (ok) {
        showToast({ title: w("template.saved"), variant: "success" });
        onClose();
        return;
      }
      const fieldErrors = describeLibraryFieldFailures(language, body);
      setNameError(fieldErrors.name);
      setFailure(fieldErrors.name ? null : describeLibraryFailure(language, body));
    } catch {
      setFailure(t("error.network"));
    } finally {
      setSaving(false);
    }
  }

  const placeholders = saved?.kind === "description" ? placeholdersOf(saved.content) : null;
  const names = placeholders && "names" in placeholders ? placeholders.names : [];
  const what = !saved
    ? w("template.nothing")
    : saved.kind === "useCase" && form.useCase
      ? w("template.savesUseCase", { name: localized(language, form.useCase.name) })
      : w("template.savesDescription");

  return (
    <ModalDialog
      open
      onClose={onClose}
      title={t("template.saveOpen")}
      description={<p>{w("template.dialog.body")}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{what}</p>
        {names.length > 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {w("template.placeholders", { names: names.join(", ") })}
          </p>
        )}
        <Field
          label={w("template.name")}
          value={name}
          maxLength={MAX_TEMPLATE_NAME_CHARS}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" disabled={saving || !saved} className={buttonClass}>
            {w("template.submit")}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
