import type { CreditStatus } from "#shared/credits.ts";
import type { WritersStatus } from "#shared/api/writers.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { CostLine } from "./CostLine.tsx";
import { WriterStatus } from "./WriterStatus.tsx";

/** The form's Generate, with the writer's state above it and the cost below. */
export function GenerateButton({
  busy,
  charged,
  writers,
}: {
  busy: boolean;
  /** The credits an AI text is charged from; null for free template drafts (decision 066). */
  charged: CreditStatus | null;
  writers: WritersStatus | null | undefined;
}) {
  const { t } = useMessages();
  const outOfCredits = charged !== null && !charged.hasCredits;
  return (
    <div className="order-3 grid gap-1.5">
      {writers && <WriterStatus writers={writers} t={t} />}
      <button
        type="submit"
        data-toast-avoid
        disabled={busy}
        // Looks disabled at zero credits, yet a press opens the credit dialog (decision 096).
        aria-disabled={outOfCredits || undefined}
        aria-describedby="generator-cost"
        className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60 aria-disabled:hover:bg-brand-600"
      >
        {busy ? t("generator.busy") : t("generator.submit")}
      </button>
      <CostLine charged={charged} />
    </div>
  );
}
