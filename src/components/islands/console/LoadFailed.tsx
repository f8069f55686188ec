import { consoleSays } from "#i18n/console.ts";

/** A part of the console that could not be read, with a way to try again. */
export default function LoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
      {consoleSays("loadFailed")}{" "}
      <button type="button" onClick={onRetry} className="underline">
        {consoleSays("retry")}
      </button>
    </div>
  );
}
