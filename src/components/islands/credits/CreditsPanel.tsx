import { useStore } from "@nanostores/react";
import type { ReactNode } from "react";
import { usageRights } from "#shared/credits.ts";
import { $adWatch, watchAd } from "#stores/ads.ts";
import { $creditStatus } from "#stores/credits.ts";
import { ActivityList } from "./ActivityList.tsx";
import AdPlayer from "./AdPlayer.tsx";
import { creditsWords, type CreditsKey } from "#i18n/credits.ts";
import { useMessages } from "#components/ui/use-messages.ts";

const card =
  "flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const button =
  "mt-4 inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-slate-400 disabled:text-white dark:disabled:bg-slate-700";

/** One way to earn credits: what it is, what it pays, and its action. */
function EarnCard({
  id,
  heading,
  reward,
  description,
  children,
}: {
  id: string;
  heading: string;
  reward: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className={card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      <p className="mt-1 font-semibold text-emerald-700 dark:text-emerald-400">{reward}</p>
      <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
      {children}
    </section>
  );
}

/** Ways to earn that the spec shows as announced, not yet open. */
const COMING_SOON = ["daily", "refer"] as const;

/** The signed-in credits page (spec §2): balance, the three cards, how it works, activity. */
export default function CreditsPanel() {
  const { data } = useStore($creditStatus);
  const ad = useStore($adWatch);
  const { t, plural } = useMessages(creditsWords);
  const { t: tMain } = useMessages();

  if (!data) return <p className="text-slate-600 dark:text-slate-400">{t("credits.loading")}</p>;

  const verified = data.isVerified;
  // The plan in force (issue 29): every number below is the server's, not a constant.
  const { plan } = data;
  const rights = usageRights(data.credits, data.costPerUse);
  const watching = ad.phase === "watching" || ad.phase === "claiming";
  const pending = ad.phase === "starting";
  const secondsLeft = ad.secondsLeft;
  const limitReached = data.adsWatchedToday >= data.adsPerDay;

  const adLabel = !verified
    ? t("credits.ad.verify")
    : watching
      ? t("credits.ad.watching", { seconds: secondsLeft ?? 0 })
      : limitReached
        ? t("credits.ad.limit")
        : pending
          ? t("credits.ad.wait")
          : t("credits.ad.watch");

  return (
    <div>
      <p className="text-2xl font-bold text-slate-900 dark:text-white" aria-live="polite">
        {plural("credits.balance", rights, { credits: data.credits, rights })}
      </p>
      {!verified && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-50"
        >
          <p className="font-semibold">{tMain("verify.required")}</p>
          <p className="mt-1">{t("credits.verifyBody", { allowance: plan.weeklyAllowance })}</p>
        </div>
      )}

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <EarnCard
          id="watch-ad"
          heading={t("credits.ad.heading")}
          reward={t("credits.ad.reward", { credits: plan.adReward })}
          description={t("credits.ad.body", {
            seconds: data.adWatchSeconds,
            count: plan.adsPerDay,
            watched: data.adsWatchedToday,
            perDay: data.adsPerDay,
          })}
        >
          <AdPlayer reward={plan.adReward} />
          {watching && (
            <progress
              className="mt-4 h-2 w-full accent-brand-600"
              max={data.adWatchSeconds}
              value={data.adWatchSeconds - (secondsLeft ?? 0)}
              aria-label={t("credits.ad.progress")}
            />
          )}
          <button
            type="button"
            className={button}
            disabled={!verified || watching || pending || limitReached}
            onClick={() => void watchAd(data.adWatchSeconds)}
          >
            {adLabel}
          </button>
        </EarnCard>
        {COMING_SOON.map((way) => (
          <EarnCard
            key={way}
            id={way}
            heading={t(`credits.${way}.heading`)}
            reward={t(`credits.${way}.reward`)}
            description={t(`credits.${way}.body`)}
          >
            <button type="button" className={button} disabled>
              {t("credits.comingSoon")}
            </button>
          </EarnCard>
        ))}
      </div>

      <section
        aria-labelledby="how-heading"
        className="mt-10 rounded-xl bg-slate-50 p-6 dark:bg-slate-900"
      >
        <h2 id="how-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("credits.how.heading")}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
          <li>{t("credits.how.cost", { cost: data.costPerUse })}</li>
          <li>
            {t("credits.how.weekly", {
              allowance: plan.weeklyAllowance,
              day: t(`credits.day.${plan.resetDay}` as CreditsKey),
            })}
          </li>
          <li>{t("credits.how.ads", { count: plan.adsPerDay, credits: plan.adReward })}</li>
          <li>{t("credits.how.refund")}</li>
        </ul>
      </section>

      <ActivityList version={ad.rewards} />
    </div>
  );
}
