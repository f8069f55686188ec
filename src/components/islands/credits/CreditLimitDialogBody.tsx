import { useStore } from "@nanostores/react";
import { $creditDialog, closeCreditDialog } from "#stores/credit-dialog.ts";
import { $creditStatus } from "#stores/credits.ts";
import { $currentUser } from "#stores/user.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { ResendVerificationButton } from "#components/ui/ResendVerificationButton.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { messages } from "#i18n/messages.ts";
import { DEFAULT_PLAN, type PlanNumbers } from "#shared/plan.ts";

const primary =
  "inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";
const secondary =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800";

/**
 * The plan's numbers the dialog states (issue 29): the weekly allowance (as the spec writes
 * it in English, "1000"; grouped in Turkish, "1.000"), and the reset day named in the
 * interface's language (lower case in Turkish, as inside a sentence there). Until the
 * status is read, the defaults.
 */
function planWords(plan: PlanNumbers | undefined, language: string) {
  const { weeklyAllowance, resetDay } = plan ?? DEFAULT_PLAN;
  const tag = messages.locale(language);
  const day = new Intl.DateTimeFormat(tag, { weekday: "long", timeZone: "UTC" }).format(
    // 1 January 2023 was a Sunday: day 0.
    new Date(Date.UTC(2023, 0, 1 + resetDay)),
  );
  return tag === "tr"
    ? { allowance: weeklyAllowance, day: day.toLocaleLowerCase("tr") }
    : { allowance: String(weeklyAllowance), day };
}

/**
 * Spec §8: the credit-limit dialog, Turkish when Turkish is selected. An unverified user has
 * no weekly renewal to wait for (DESIGN §4), so is asked to verify instead.
 */
export default function CreditLimitDialogBody() {
  const { open, isGuest } = useStore($creditDialog);
  const user = useStore($currentUser).data?.user;
  const { t, language } = useMessages();
  const unverifiedEmail = !isGuest && user && !user.isVerified ? user.email : null;
  const variant = isGuest ? "guest" : unverifiedEmail ? "unverified" : "user";
  // Ads are offered only while today's are not all watched (issue 22).
  const { data: status } = useStore($creditStatus);
  const adsLeft = Boolean(status && status.adsWatchedToday < status.adsPerDay);
  const body =
    variant === "user" && !adsLeft
      ? ("creditDialog.user.bodyNoAds" as const)
      : (`creditDialog.${variant}.body` as const);

  return (
    <ModalDialog
      open={open}
      onClose={closeCreditDialog}
      title={t(`creditDialog.${variant}.title`)}
      description={<p>{t(body, planWords(status?.plan, language))}</p>}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {isGuest ? (
          <>
            <a href="/login" className={secondary}>
              {t("creditDialog.guest.login")}
            </a>
            <a href="/register" className={primary}>
              {t("creditDialog.guest.register")}
            </a>
          </>
        ) : unverifiedEmail ? (
          <>
            <ResendVerificationButton
              email={unverifiedEmail}
              className={`${secondary} disabled:opacity-60`}
            />
            <button type="button" onClick={closeCreditDialog} className={primary}>
              {t("creditDialog.user.ok")}
            </button>
          </>
        ) : (
          <>
            {adsLeft && (
              <a href="/credits" className={secondary}>
                {t("creditDialog.user.earn")}
              </a>
            )}
            <button type="button" onClick={closeCreditDialog} className={primary}>
              {t("creditDialog.user.ok")}
            </button>
          </>
        )}
      </div>
    </ModalDialog>
  );
}
