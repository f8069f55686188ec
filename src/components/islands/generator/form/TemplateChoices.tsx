import { useStore } from "@nanostores/react";
import { useId, useState, type FormEvent } from "react";
import { describeLibraryFailure, describeLibraryFieldFailures } from "#i18n/library-failures.ts";
import { templateWords } from "#i18n/templates.ts";
import type { Template } from "#shared/api/templates.ts";
import { MAX_PROMPT_CHARS } from "#shared/generation.ts";
import { MAX_TEMPLATE_NAME_CHARS } from "#shared/templates.ts";
import { $templates, changeTemplate, deleteTemplate } from "#generator/state/templates.ts";
import { showToast } from "#stores/toasts.ts";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";

const smallButton =
  "rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * "Mine" (issue 28): the signed-in person's templates, first in the use-case picker,
 * matched by name against its search; each is chosen, edited in place (its name, and a
 * description's text) or deleted. A guest, or a person without templates, sees nothing.
 */
export function TemplateChoices({
  query,
  onChoose,
}: {
  query: string;
  onChoose(template: Template): void;
}) {
  const { t: w } = useMessages(templateWords);
  const id = useId();
  const { data, error } = useStore($templates);
  const [editing, setEditing] = useState<string | null>(null);
  const wanted = query.trim().toLocaleLowerCase();
  const shown = (data?.templates ?? []).filter((template) =>
    template.name.toLocaleLowerCase().includes(wanted),
  );
  if (error) {
    return (
      <p role="alert" className="px-3 text-sm text-red-700 dark:text-red-400">
        {w("template.loadFailed")}
      </p>
    );
  }
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-mine`}>
      <h3
        id={`${id}-mine`}
        className="px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
      >
        {w("template.mine")}
      </h3>
      <ul className="mt-1">
        {shown.map((template) => (
          <li
            key={template.id}
            className="rounded-md px-3 py-2 hover:bg-brand-50 dark:hover:bg-slate-800"
          >
            {editing === template.id ? (
              <TemplateEditor template={template} onDone={() => setEditing(null)} />
            ) : (
              <TemplateRow
                template={template}
                onChoose={() => onChoose(template)}
                onEdit={() => setEditing(template.id)}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplateRow({
  template,
  onChoose,
  onEdit,
}: {
  template: Template;
  onChoose(): void;
  onEdit(): void;
}) {
  const { language, t } = useMessages();
  const { t: w } = useMessages(templateWords);
  const id = useId();
  const { form } = template;

  async function remove() {
    try {
      const { ok, body } = await deleteTemplate(template.id);
      if (ok) showToast({ title: w("template.deleted"), variant: "success" });
      else {
        const description = describeLibraryFailure(language, body);
        showToast({ title: t("common.error"), description, variant: "error" });
      }
    } catch {
      showToast({ title: t("common.error"), description: t("error.network"), variant: "error" });
    }
  }

  return (
    <div className="flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <button
          type="button"
          id={`${id}-name`}
          className="text-start font-medium text-slate-900 dark:text-white"
          aria-describedby={`${id}-summary`}
          onClick={onChoose}
        >
          {template.name}
        </button>
        <p id={`${id}-summary`} className="truncate text-xs text-slate-600 dark:text-slate-400">
          {form.kind === "description" ? form.content : w("template.useCaseSummary")}
        </p>
      </div>
      <button
        type="button"
        className={smallButton}
        aria-describedby={`${id}-name`}
        onClick={onEdit}
      >
        {w("template.edit")}
      </button>
      <button
        type="button"
        className={smallButton}
        aria-describedby={`${id}-name`}
        onClick={() => void remove()}
      >
        {w("template.remove")}
      </button>
    </div>
  );
}

/** A template's name, and a description's text, changed in place. */
function TemplateEditor({ template, onDone }: { template: Template; onDone(): void }) {
  const { language, t } = useMessages();
  const { t: w } = useMessages(templateWords);
  const id = useId();
  const { form } = template;
  const [name, setName] = useState(template.name);
  const [content, setContent] = useState(form.kind === "description" ? form.content : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const changes = form.kind === "description" ? { name, form: { ...form, content } } : { name };
    try {
      const { ok, body } = await changeTemplate(template.id, changes);
      if (ok) return onDone();
      const fieldErrors = describeLibraryFieldFailures(language, body);
      setErrors(fieldErrors);
      setFailure(
        fieldErrors.name || fieldErrors["form.content"]
          ? null
          : describeLibraryFailure(language, body),
      );
    } catch {
      setFailure(t("error.network"));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <Field
        label={w("template.name")}
        value={name}
        maxLength={MAX_TEMPLATE_NAME_CHARS}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      {form.kind === "description" && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-content`} className="text-sm font-medium">
            {w("template.description")}
          </label>
          <textarea
            id={`${id}-content`}
            rows={3}
            dir="auto"
            maxLength={MAX_PROMPT_CHARS}
            value={content}
            aria-invalid={errors["form.content"] ? true : undefined}
            aria-describedby={errors["form.content"] ? `${id}-error` : undefined}
            onChange={(event) => setContent(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          />
          {errors["form.content"] && (
            <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
              {errors["form.content"]}
            </p>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={smallButton} onClick={onDone}>
          {t("common.cancel")}
        </button>
        <button type="submit" className={buttonClass}>
          {w("template.update")}
        </button>
      </div>
    </form>
  );
}
