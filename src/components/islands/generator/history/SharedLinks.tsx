import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { shareWords, type ShareWordKey } from "#i18n/shares.ts";
import type { ShareLink, ShareList } from "#shared/api/shares.ts";
import { formatDay } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import { historyButton } from "./history-button.ts";

/**
 * The owner's share links (issue 28, item 3), on the profile under the history: each with
 * its text's title, opened or revoked here. A revoked link is a 404 page at once.
 */
export default function SharedLinks() {
  const { t, language } = useMessages(shareWords);
  const [shares, setShares] = useState<ShareLink[] | null>(null);
  const [note, setNote] = useState<ShareWordKey | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [revoking, setRevoking] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiFetch<ShareList>("/api/shares")
      .then(({ ok, body }) => {
        if (cancelled) return;
        setNote(ok ? null : "share.listLoadFailed");
        if (ok) setShares(body.shares);
      })
      .catch(() => !cancelled && setNote("share.listLoadFailed"));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  async function revoke(share: ShareLink) {
    setRevoking(share.id);
    try {
      const { ok, status } = await apiFetch(`/api/shares/${share.id}`, { method: "DELETE" });
      // Gone already (another tab revoked it): gone from the list too.
      if (ok || status === 404) {
        setShares((kept) => kept?.filter((other) => other.id !== share.id) ?? null);
        setNote("share.revoked");
      } else setNote("share.revokeFailed");
    } catch {
      setNote("share.revokeFailed");
    } finally {
      setRevoking(null);
    }
  }

  const day = (iso: string) => formatDay(iso, languageTag(language));
  return (
    <section aria-labelledby="shared-links-heading" className="mt-8">
      <h3
        id="shared-links-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        {t("share.listHeading")}
      </h3>
      {shares && shares.length === 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("share.listEmpty")}</p>
      )}
      {shares && shares.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {shares.map((share) => (
            <li key={share.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
              <div className="mr-auto min-w-0">
                <p className="font-medium break-words text-slate-900 dark:text-white">
                  {share.title}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <time dateTime={share.textCreatedAt}>{day(share.textCreatedAt)}</time> ·{" "}
                  {t("share.sharedOn", { date: day(share.createdAt) })}
                </p>
              </div>
              <div className="flex gap-2">
                <a href={share.path} target="_blank" rel="noreferrer" className={historyButton}>
                  {t("share.open")}
                </a>
                <button
                  type="button"
                  className={historyButton}
                  disabled={revoking === share.id}
                  aria-label={t("share.revokeLabel", { title: share.title })}
                  onClick={() => void revoke(share)}
                >
                  {t("share.revoke")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {note && t(note)}
        {note === "share.listLoadFailed" && (
          <button
            type="button"
            className={`${historyButton} ml-3`}
            onClick={() => setAttempt(attempt + 1)}
          >
            {t("share.retry")}
          </button>
        )}
      </p>
    </section>
  );
}
