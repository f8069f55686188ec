import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { creditsWords, type CreditsKey } from "#i18n/credits.ts";
import { messages } from "#i18n/messages.ts";
import { versionLabel } from "#i18n/wording.ts";
import { formatDateTime, formatNumber } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { NewerOlder } from "#components/ui/NewerOlder.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import type { CreditActivityEntry } from "#shared/api/credits.ts";

type ActivityEntry = CreditActivityEntry;

/** What a row's credits paid for or gave back, in words. */
function activityLabel(language: string, entry: ActivityEntry): string {
  if (entry.reason === "refund" && entry.stoppedWords !== null) {
    return messages.translate(
      language,
      entry.stoppedByWriter ? "desk.writerStopped" : "desk.stopped",
      {
        words: entry.stoppedWords,
        credits: entry.charged ?? 0,
      },
    );
  }
  // A first answer is "Text generated"; a variant or a refinement says which it was.
  if (entry.reason === "generation" && (entry.refinement || (entry.variant ?? 1) > 1)) {
    return creditsWords.translate(language, "activity.generatedKind", {
      kind: versionLabel(language, entry),
    });
  }
  const key = REASON_KEYS[entry.reason];
  return key ? creditsWords.translate(language, key) : entry.reason;
}

const REASON_KEYS: Record<string, CreditsKey> = {
  signup_grant: "activity.signup_grant",
  verification_top_up: "activity.verification_top_up",
  weekly_grant: "activity.weekly_grant",
  guest_trial: "activity.guest_trial",
  generation: "activity.generation",
  refund: "activity.refund",
  ad_reward: "activity.ad_reward",
  operator_grant: "activity.operator_grant",
  operator_take_back: "activity.operator_take_back",
};

/** The credit activity, ten rows a page; `version` changes when it should be read again. */
export function ActivityList({ version }: { version: number }) {
  const { language, t } = useMessages(creditsWords);
  const locale = languageTag(language);
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void apiFetch<{ entries: ActivityEntry[]; hasMore: boolean }>(
      `/api/credits/activity?page=${page}&pageSize=10`,
    ).then(({ ok, body }) => {
      if (cancelled || !ok) return;
      setEntries(body.entries);
      setHasMore(body.hasMore);
    });
    return () => {
      cancelled = true;
    };
  }, [page, version]);

  return (
    <section aria-labelledby="activity-heading" className="mt-10">
      <h2 id="activity-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("activity.heading")}
      </h2>
      {entries === null ? (
        <p className="mt-4 text-slate-600 dark:text-slate-400">{t("activity.loading")}</p>
      ) : entries.length === 0 ? (
        <p className="mt-4 text-slate-600 dark:text-slate-400">{t("activity.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex items-center justify-between gap-4 px-4 py-3 text-sm"
            >
              <div>
                <p className="font-medium text-slate-900 dark:text-white">
                  {activityLabel(language, entry)}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {/* A right-to-left subject must not pull the date into its own order. */}
                  {entry.subject && (
                    <>
                      <bdi>{entry.subject}</bdi> •{" "}
                    </>
                  )}
                  {entry.apiKey && (
                    <>
                      <bdi>{t("activity.byApiKey", { name: entry.apiKey })}</bdi> •{" "}
                    </>
                  )}
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>
                </p>
              </div>
              <span
                className={`font-semibold tabular-nums ${entry.delta >= 0 ? "text-emerald-700 dark:text-emerald-400" : "text-slate-700 dark:text-slate-300"}`}
              >
                {entry.delta > 0 ? "+" : ""}
                {formatNumber(entry.delta, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <NewerOlder
        page={page}
        hasMore={hasMore}
        onPage={setPage}
        newer={t("activity.newer")}
        older={t("activity.older")}
        className="mt-4 flex justify-between text-sm"
      />
    </section>
  );
}
