import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleLocale, consoleWords, type ConsoleTextKey } from "#i18n/console.ts";
import { NewerOlder } from "#components/ui/NewerOlder.tsx";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";
import type { AuditEntry } from "#shared/console.ts";
import { formatDateTime } from "#shared/format.ts";
import { $consoleChanges } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";

/** Ids the entry names otherwise (a text by its subject, a testimonial by its sender). */
const NAMED = ["generationId", "testimonialId", "subject", "requestId"];

/** An entry's details in words: what it was about, the credits, the reason, the rest. */
function detailText(t: Translate<ConsoleTextKey>, entry: AuditEntry): string {
  const { detail } = entry;
  const parts: string[] = [];
  const about = (key: string) => String(detail[key] ?? "");
  if (entry.textSubject !== null || detail.generationId !== undefined) {
    parts.push(t("audit.text", { subject: entry.textSubject ?? about("generationId") }));
  }
  if (entry.testimonialName !== null || detail.testimonialId !== undefined) {
    parts.push(t("audit.testimonial", { name: entry.testimonialName ?? about("testimonialId") }));
  }
  if (typeof detail.credits === "number") {
    parts.push(t("audit.credits", { credits: detail.credits.toLocaleString(consoleLocale()) }));
  }
  if (typeof detail.reason === "string") parts.push(t("audit.reason", { reason: detail.reason }));
  if (typeof detail.balanceAfter === "number") {
    parts.push(
      t("audit.balanceAfter", {
        balance: detail.balanceAfter.toLocaleString(consoleLocale()),
      }),
    );
  }
  const shown = [...NAMED, "credits", "reason", "balanceAfter"];
  for (const [name, value] of Object.entries(detail)) {
    if (!shown.includes(name)) {
      parts.push(`${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
    }
  }
  return parts.join(" · ");
}

/** Every operator action, newest first. */
export default function ConsoleAudit() {
  const { t } = useMessages(consoleWords);
  const changes = useStore($consoleChanges);
  const [page, setPage] = useState(1);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    apiFetch<{ entries: AuditEntry[]; hasMore: boolean }>(`/api/console/audit?page=${page}`)
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (ok) {
          setEntries(body.entries);
          setHasMore(body.hasMore);
        }
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [page, changes, attempt]);

  if (!entries) {
    return failed ? (
      <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
    ) : (
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
    );
  }
  if (entries.length === 0 && page === 1) {
    return <p className="mt-3 text-slate-600 dark:text-slate-400">{t("audit.none")}</p>;
  }
  return (
    <>
      <ol className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {entries.map((entry) => (
          <li key={entry.id} className="px-4 py-3">
            <p className="break-words text-slate-900 dark:text-white">
              <span className="font-semibold">{consoleLabel(t, "action", entry.action)}</span>
              {entry.targetEmail && <> · {entry.targetEmail}</>}
            </p>
            <p className="break-words text-slate-600 dark:text-slate-400">
              {entry.operatorEmail} ·{" "}
              <time dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, consoleLocale())}
              </time>
            </p>
            {detailText(t, entry) && (
              <p className="break-words text-slate-600 dark:text-slate-400">
                <bdi>{detailText(t, entry)}</bdi>
              </p>
            )}
          </li>
        ))}
      </ol>
      <NewerOlder
        page={page}
        hasMore={hasMore}
        onPage={setPage}
        newer={t("audit.newer")}
        older={t("audit.older")}
        className="mt-3 flex justify-between text-sm"
      />
    </>
  );
}
