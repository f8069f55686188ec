import { useStore } from "@nanostores/react";
import { packageName, resetNotice, textsLeft } from "#i18n/wording.ts";
import { formatNumber } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { $creditStatus } from "#stores/credits.ts";
import { fillNodes } from "#components/ui/message-nodes.tsx";
import { useMessages } from "#components/ui/use-messages.ts";

/** The home page's credit status widget (spec §2, §4). */
export default function CreditCard() {
  const { data, error, loading } = useStore($creditStatus);
  const { language, t } = useMessages();

  if (!data) {
    return (
      <div
        aria-live="polite"
        className="min-h-[4.75rem] rounded-lg bg-slate-50 p-3 sm:min-h-16 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        {error && !loading ? t("card.loadFailed") : t("common.loading")}
      </div>
    );
  }

  const reset = resetNotice(language, data.nextResetTime, new Date());
  // The balance, or a network whose trial texts are used up today (decision 084).
  const exhausted = !data.hasCredits;
  const balance = (
    <span className="text-lg font-bold text-slate-900 dark:text-white">
      {formatNumber(data.credits, languageTag(language))}
    </span>
  );
  return (
    <div className="min-h-[4.75rem] rounded-lg bg-brand-50 p-3 text-sm text-slate-800 sm:min-h-16 dark:bg-slate-800 dark:text-slate-100">
      {/* Two rows on a phone in every language, so that the card's height is known before
          it loads: a longer Turkish line would otherwise wrap and move the form (issue 22). */}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-baseline sm:justify-between">
        <p>
          {fillNodes(t("card.balance"), { count: balance })}
          <span className="text-slate-600 dark:text-slate-300">
            {" "}
            • {textsLeft(language, data.noTextReason ? 0 : data.credits, data.costPerUse)}
          </span>
        </p>
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">
          {packageName(language, data.packageName)}
          {reset && <> • {reset}</>}
        </p>
      </div>
      {exhausted && (
        <p role="status" className="mt-2 font-medium text-red-800 dark:text-red-300">
          {data.noTextReason && !data.isGuest ? (
            t(`noText.${data.noTextReason}`)
          ) : data.isGuest ? (
            <>
              {t("failure.guestExhausted")}{" "}
              <a href="/register" className="underline">
                {t("nav.register")}
              </a>
            </>
          ) : data.isVerified ? (
            t("failure.userExhausted")
          ) : (
            t("failure.unverifiedExhausted")
          )}
        </p>
      )}
      {!data.isGuest && data.isVerified && !exhausted && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {fillNodes(t("card.needMore"), {
            link: (
              <a href="/credits" className="underline">
                {t("card.earnLink")}
              </a>
            ),
          })}
        </p>
      )}
    </div>
  );
}
