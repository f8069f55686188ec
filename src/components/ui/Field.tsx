import { useId, useSyncExternalStore, type InputHTMLAttributes, type ReactNode } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: string;
}

/** A label over its control, with the control's hint and error below it. */
function Labelled({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [hint && `${inputId}-hint`, error && `${inputId}-error`]
    .filter(Boolean)
    .join(" ");
  return (
    <Labelled id={inputId} label={label} hint={hint} error={error}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
        {...input}
      />
    </Labelled>
  );
}

export const selectClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 disabled:opacity-70 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** A labelled select over a list of options; the first option is the default's place. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  invalid = false,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  invalid?: boolean;
  disabled?: boolean;
}) {
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        disabled={disabled}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";

/** First message per top-level field from zod issues. */
export function issueErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}

const noSubscription = () => () => {};

/**
 * False in the server-rendered HTML, true once React has hydrated. Submit buttons stay
 * disabled until then, so an early click cannot submit the form natively.
 */
export function useHydrated(): boolean {
  // The server's snapshot while hydrating, the browser's right after.
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * What a person typed into a server-rendered field before its island's script ran, read
 * in the first render, before hydration makes the field React's (issue 45): a controlled
 * field would otherwise be emptied back to its first state.
 */
export function typedBefore(selector: string): string {
  if (typeof document === "undefined") return "";
  const field = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(selector);
  return field?.value ?? "";
}
