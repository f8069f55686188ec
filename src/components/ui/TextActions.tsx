import { useState } from "react";
import { copyRichText, downloadAs, printElement, type ExportFormat } from "#client/export.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "./use-messages.ts";

export interface TextActionsProps {
  text: string;
  subject: string;
  language: string;
  /** The id of the element that shows the rendered text, for Print. */
  printTargetId: string;
  /** Names the text in the buttons' accessible names (“Copy “Subject””), for lists of texts. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

const FORMATS: ExportFormat[] = ["txt", "md", "docx"];

const button =
  "inline-flex min-h-9 items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800";

/**
 * Copy (rich), downloads (.txt, .md, .docx) and Print for one text; the result panel and
 * the history viewer share it.
 */
export function TextActions({
  text,
  subject,
  language,
  printTargetId,
  label,
  disabled,
  className,
}: TextActionsProps) {
  const { t } = useMessages();
  const [saving, setSaving] = useState<ExportFormat | null>(null);
  const named = (action: string) => (label ? `${action} “${label}”` : action);

  async function copy() {
    const ok = await copyRichText(text, language);
    showToast(
      ok
        ? { title: t("toast.copied"), variant: "success" }
        : { title: t("toast.copyFailed"), variant: "error" },
    );
  }

  async function save(format: ExportFormat) {
    setSaving(format);
    try {
      await downloadAs(text, subject, format, language);
    } catch {
      showToast({ title: t("toast.saveFailed"), variant: "error" });
    } finally {
      setSaving(null);
    }
  }

  function print() {
    const target = document.getElementById(printTargetId);
    if (target) printElement(target);
  }

  return (
    <div className={className ?? "flex flex-wrap items-center gap-2"}>
      <button
        type="button"
        className={button}
        disabled={disabled}
        onClick={() => void copy()}
        aria-label={label ? named(t("actions.copy")) : undefined}
      >
        {t("actions.copy")}
      </button>
      <div role="group" aria-label={t("actions.download")} className="inline-flex">
        {FORMATS.map((format, index) => (
          <button
            key={format}
            type="button"
            className={`${button} ${index > 0 ? "-ml-px" : ""} ${
              index === 0
                ? "rounded-r-none"
                : index === FORMATS.length - 1
                  ? "rounded-l-none"
                  : "rounded-none"
            }`}
            disabled={disabled || saving !== null}
            aria-busy={saving === format}
            onClick={() => void save(format)}
            aria-label={named(t("actions.downloadAs", { format }))}
          >
            .{format}
          </button>
        ))}
      </div>
      <button
        type="button"
        className={button}
        disabled={disabled}
        onClick={print}
        aria-label={label ? named(t("actions.print")) : undefined}
      >
        {t("actions.print")}
      </button>
    </div>
  );
}
