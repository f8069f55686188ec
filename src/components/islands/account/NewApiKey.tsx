import { useState } from "react";
import { copyText } from "#client/download.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { apiKeyWords } from "#i18n/api-keys.ts";
import { historyButton } from "#generator/history/history-button.ts";

/**
 * A key just made, in full, this once (issue 29): with a copy button and the warning that
 * it will not be shown again. Done forgets it; the list keeps only its name and prefix.
 */
export function NewApiKey({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const { t } = useMessages(apiKeyWords);
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div
      role="group"
      aria-labelledby="new-api-key-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id="new-api-key-heading" className="font-semibold text-slate-900 dark:text-white">
        {t("apiKeys.newKeyHeading", { name })}
      </h3>
      <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-100">
        {t("apiKeys.newKeyWarning")}
      </p>
      <label htmlFor="new-api-key" className="mt-3 block text-sm font-medium">
        {t("apiKeys.newKeyLabel")}
      </label>
      <input
        id="new-api-key"
        readOnly
        value={secret}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={historyButton}
          onClick={() => void copyText(secret).then(setCopied)}
        >
          {t("apiKeys.copy")}
        </button>
        <button type="button" className={historyButton} onClick={onDone}>
          {t("apiKeys.done")}
        </button>
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {copied === true && t("apiKeys.copied")}
          {copied === false && t("apiKeys.copyFailed")}
        </p>
      </div>
    </div>
  );
}
