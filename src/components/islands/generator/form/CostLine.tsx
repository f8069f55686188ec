import type { CreditStatus } from "#shared/credits.ts";
import { openCreditDialog } from "#stores/credit-dialog.ts";
import { useMessages } from "#components/ui/use-messages.ts";

/**
 * Under Generate: what an AI text costs of the credits left, or why none is left and how
 * to get more. Empty for template drafts, which are free (decision 066).
 */
export function CostLine({ charged }: { charged: CreditStatus | null }) {
  const { t } = useMessages();
  const outOfCredits = charged !== null && !charged.hasCredits;

  function noCreditsReason(): string {
    if (!charged) return "";
    if (charged.isGuest) return t("desk.noCredits.guest");
    if (charged.noTextReason === "networkTrialUsedUp") return t("desk.noCredits.network");
    return charged.isVerified ? t("desk.noCredits.user") : t("desk.noCredits.unverified");
  }

  return (
    <p
      id="generator-cost"
      data-testid="generator-cost"
      // Its line is kept while the credits load, so nothing below moves when they arrive.
      className="min-h-4 text-center text-xs text-slate-600 dark:text-slate-400"
    >
      {charged &&
        !outOfCredits &&
        t("desk.cost", { cost: charged.costPerUse, credits: charged.credits })}
      {outOfCredits && (
        <>
          {noCreditsReason()}{" "}
          <button
            type="button"
            className="font-medium text-brand-700 underline dark:text-brand-100"
            onClick={() => openCreditDialog(charged.isGuest)}
          >
            {t("desk.noCredits.more")}
          </button>
        </>
      )}
    </p>
  );
}
