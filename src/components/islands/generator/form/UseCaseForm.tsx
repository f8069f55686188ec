import { useStore } from "@nanostores/react";
import { useEffect, useLayoutEffect } from "react";
import { describeFieldFailures, localized } from "#i18n/wording.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import { fieldMaxLength } from "#shared/use-case-limits.ts";
import type { UseCaseField, UseCaseForForm } from "#shared/use-cases.ts";
import { $desk } from "#generator/state/desk.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { OwnTextInput } from "../own-text/OwnTextInput.tsx";
import { fieldElementId } from "./field-ids.ts";
import { carryOverServerForm } from "./server-form.ts";
import { TryExample } from "./UseCaseExample.tsx";
import { useCaseLink } from "./UseCasePicker.tsx";

// With the fields, the form loads their checks and the list, and takes over the form its
// page was built with: a use case's code is not the home page's (DESIGN §11).
export { checkUseCaseFields, reusedUseCase } from "./use-case-values.ts";
export { takeServerForm } from "./server-form.ts";

export const control =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/**
 * The chosen use case (issue 42): its name and summary, the ways to another or back to
 * "Describe it yourself", and its fields: a line is an input, a paragraph a text box with
 * its count, a person's own text (a text tool's) the own-text box (counted, never cut, or
 * opened from a file), a choice a select of its options; each with its label, hint,
 * required mark and error. Loaded when a use case is chosen, with the fields' checks.
 */
export default function UseCaseForm({
  useCase,
  onPick,
  onDescribe,
  values,
  errors,
  onChange,
  onRefused,
  autoFocus = false,
}: {
  useCase: UseCaseForForm;
  /** Opens the picker for another use case. */
  onPick(): void;
  /** Back to "Describe it yourself". */
  onDescribe(): void;
  values: Record<string, string>;
  /** Field id → why it was refused, in the interface's language. */
  errors: Record<string, string>;
  onChange(id: string, value: string): void;
  /** The server refused some of the fields: why, by field id, in the interface's language. */
  onRefused(errors: Record<string, string>): void;
  /** Chosen in the picker: the person goes on at the first field. */
  autoFocus?: boolean;
}) {
  const { language, t } = useMessages();
  const { t: u } = useMessages(useCaseWords);
  const { fieldFailures } = useStore($desk);
  const { fields } = useCase;
  useEffect(() => {
    if (autoFocus) document.getElementById(fieldElementId(fields[0]!.id))?.focus();
  }, [autoFocus, fields]);
  // Before the first paint: the page's own form (typed into before this loaded) leaves no gap.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the form replaces the page's
  useLayoutEffect(() => carryOverServerForm(onChange), []);
  // The server's `fields.<id>` failures, each at its field; worded once: typing clears it.
  useEffect(() => {
    if (!fieldFailures) return;
    const refused = Object.entries(describeFieldFailures(language, fieldFailures))
      .filter(([path]) => path.startsWith("fields."))
      .map(([path, message]) => [path.slice("fields.".length), message] as const);
    if (refused.length === 0) return;
    onRefused(Object.fromEntries(refused));
    document.getElementById(fieldElementId(refused[0]![0]))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new answer only: worded once, typing clears it
  }, [fieldFailures]);
  return (
    <>
      <div className="grid gap-1">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
          <span>
            {t("useCase.label")}:{" "}
            <strong className="font-semibold text-slate-900 dark:text-white">
              {localized(language, useCase.name)}
            </strong>
          </span>
          <button type="button" aria-haspopup="dialog" className={useCaseLink} onClick={onPick}>
            {u("useCase.change")}
          </button>
          <button type="button" className={useCaseLink} onClick={onDescribe}>
            {t("useCase.describe")}
          </button>
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {localized(language, useCase.summary)}
        </p>
      </div>
      {useCase.example && (
        <TryExample useCase={useCase} example={useCase.example} onChange={onChange} />
      )}
      {fields.map((field) => (
        <UseCaseFieldControl
          key={field.id}
          field={field}
          value={values[field.id] ?? ""}
          error={errors[field.id]}
          onChange={onChange}
        />
      ))}
    </>
  );
}

/** One field, labelled, with its hint, its count (a paragraph) and its error. */
function UseCaseFieldControl({
  field,
  value,
  error,
  onChange,
}: {
  field: UseCaseField;
  value: string;
  error: string | undefined;
  onChange(id: string, value: string): void;
}) {
  const { language, t } = useMessages();
  const { t: u } = useMessages(useCaseWords);
  const id = fieldElementId(field.id);
  const max = fieldMaxLength(field);
  // A person's own text (a text tool's): its own box, counted, never cut, a file opened.
  if (field.kind === "text") {
    return (
      <div className="grid gap-1">
        <OwnTextInput
          id={id}
          value={value}
          onChange={(text) => onChange(field.id, text)}
          label={localized(language, field.label)}
          error={error ?? null}
          describedBy={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {localized(language, field.hint)}
        </p>
      </div>
    );
  }
  const props = {
    id,
    value,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [
      `${id}-hint`,
      field.kind === "paragraph" && `${id}-count`,
      error && `${id}-error`,
    ]
      .filter(Boolean)
      .join(" "),
    onChange: (event: { target: { value: string } }) => onChange(field.id, event.target.value),
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {localized(language, field.label)}
        {field.required && (
          <span aria-hidden="true" className="ms-0.5 text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </label>
      {field.kind === "choice" ? (
        <select {...props} className={`${control} text-sm`}>
          <option value="">{u("useCase.pick")}</option>
          {field.options!.map((option) => (
            <option key={option.value} value={option.value}>
              {localized(language, option.label)}
            </option>
          ))}
        </select>
      ) : field.kind === "paragraph" ? (
        <textarea {...props} rows={4} dir="auto" maxLength={max} className={control} />
      ) : (
        <input {...props} type="text" dir="auto" maxLength={max} className={control} />
      )}
      <div className="flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span id={`${id}-hint`}>{localized(language, field.hint)}</span>
        {field.kind === "paragraph" && (
          <span id={`${id}-count`} className="ms-auto whitespace-nowrap tabular-nums">
            {t("generator.count", { count: value.length, max })}
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
