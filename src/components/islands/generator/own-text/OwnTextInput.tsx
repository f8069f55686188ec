import { useRef, useState, type ChangeEvent } from "react";
import { ownTextWords, type OwnTextKey } from "#i18n/own-text.ts";
import { formatNumber } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { actionButton } from "../result/action-button.ts";
import { OWN_TEXT_FILE_TYPES, readOwnTextFile } from "./read-file.ts";

/** What the file reader last said: reading, opened, or why nothing was read. */
type FileNote = { key: OwnTextKey; values: Record<string, string>; failed: boolean } | null;

/**
 * A person's own text (issue 26): a large text box to paste into, its count against
 * MAX_OWN_TEXT_CHARS with a clear message past it (nothing is ever cut), and "Open a file"
 * for .txt, .md and .docx. A file that cannot be read says why and leaves the box as it
 * was. Used by "Start from your text", and by a text tool's `text` field.
 */
export function OwnTextInput({
  id,
  value,
  onChange,
  label,
  error,
  rows = 12,
  autoFocus,
  describedBy,
}: {
  id: string;
  value: string;
  onChange(text: string): void;
  label?: string;
  /** A problem the form found (an empty text): shown under the box. */
  error?: string | null;
  rows?: number;
  autoFocus?: boolean;
  /** Another element that says what to put in (a tool's hint), read with the box. */
  describedBy?: string;
}) {
  const { language, t } = useMessages(ownTextWords);
  const picker = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<FileNote>(null);
  const [reading, setReading] = useState(false);
  const over = value.length > MAX_OWN_TEXT_CHARS;
  const counts = { count: value.length, max: MAX_OWN_TEXT_CHARS };
  const described = [describedBy, `${id}-count`, over && `${id}-over`, error && `${id}-error`]
    .filter(Boolean)
    .join(" ");

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be opened again after a change.
    event.target.value = "";
    if (!file || reading) return;
    setReading(true);
    setNote({ key: "file.reading", values: { name: file.name }, failed: false });
    const size = (megabytes: number) =>
      formatNumber(Math.ceil(megabytes * 10) / 10, languageTag(language));
    const result = await readOwnTextFile(file, size);
    setReading(false);
    if ("failure" in result) {
      setNote({ key: result.failure, values: result.values, failed: true });
      return;
    }
    setNote({ key: "file.opened", values: { name: file.name }, failed: false });
    onChange(result.text);
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label ?? t("input.label")}
      </label>
      <textarea
        id={id}
        rows={rows}
        dir="auto"
        value={value}
        // Never a maxLength: a pasted text past the limit is shown whole, and counted.
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={over || Boolean(error) || undefined}
        aria-describedby={described}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to paste into it
        autoFocus={autoFocus}
        className="min-h-40 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={actionButton}
            disabled={reading}
            onClick={() => picker.current?.click()}
          >
            {t("file.open")}
          </button>
          <span>{t("file.hint")}</span>
        </span>
        <span
          id={`${id}-count`}
          className={`ms-auto tabular-nums ${over ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
        >
          {t("input.count", counts)}
        </span>
      </div>
      <input
        ref={picker}
        type="file"
        accept={OWN_TEXT_FILE_TYPES}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void onFile(event)}
      />
      {over && (
        <p id={`${id}-over`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("input.tooLong", counts)}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <p id={`${id}-file`} role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {note && !note.failed && t(note.key, note.values)}
      </p>
      {note?.failed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t(note.key, note.values)}
        </p>
      )}
    </div>
  );
}
