import { useMessages } from "#components/ui/use-messages.ts";

export const useCaseLink =
  "text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100";

/**
 * Above the description (issue 42), while no use case is chosen: "Describe it yourself",
 * and the button that opens the picker. A chosen one shows itself (UseCaseForm.tsx).
 */
export function UseCaseOpener({ onOpen }: { onOpen(): void }) {
  const { t } = useMessages();
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
      <span>
        {t("useCase.label")}:{" "}
        <strong className="font-semibold text-slate-900 dark:text-white">
          {t("useCase.describe")}
        </strong>
      </span>
      <button type="button" aria-haspopup="dialog" className={useCaseLink} onClick={onOpen}>
        {t("useCase.choose")}
      </button>
    </p>
  );
}
