import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { OpenedText } from "#shared/console.ts";
import { secondaryButton } from "./account-look.ts";

/** A text the operator opened (the audit records it): subject, prompt and words. */
export function OpenedTextPanel({ text, onClose }: { text: OpenedText; onClose(): void }) {
  const { t } = useMessages(consoleWords);
  return (
    <section
      aria-labelledby="console-opened-text-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h5
          id="console-opened-text-heading"
          className="font-semibold text-slate-900 dark:text-white"
        >
          {t("account.text.heading")}
        </h5>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {t("account.text.close")}
        </button>
      </div>
      <dl className="mt-2 grid gap-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t("account.text.subject")}</dt>
        <dd className="text-slate-900 dark:text-white">
          <bdi>{text.subject}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t("account.text.prompt")}</dt>
        <dd className="whitespace-pre-wrap text-slate-900 dark:text-white">
          <bdi>{text.prompt}</bdi>
        </dd>
      </dl>
      <pre className="mt-3 max-h-96 overflow-auto font-sans text-sm whitespace-pre-wrap text-slate-900 dark:text-white">
        {text.text ?? ""}
      </pre>
    </section>
  );
}
