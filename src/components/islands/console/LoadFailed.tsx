import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/** A part of the console that could not be read, with a way to try again. */
export default function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useMessages(consoleWords);
  return (
    <div role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
      {t("loadFailed")}{" "}
      <button type="button" onClick={onRetry} className="underline">
        {t("retry")}
      </button>
    </div>
  );
}
