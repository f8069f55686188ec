import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleText } from "#i18n/console.ts";
import type { AuditEntry } from "#shared/console.ts";
import { formatDateTime } from "#shared/format.ts";
import { $consoleChanges } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";

/** Details the operator reads first; the rest (ids) follow. */
const FIRST = ["reason", "credits", "balanceAfter"];

/** An entry's details as `name: value` pairs. */
function detailText(detail: Record<string, unknown>): string {
  const rank = (name: string) => (FIRST.includes(name) ? FIRST.indexOf(name) : FIRST.length);
  return Object.entries(detail)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" · ");
}

/** Every operator action, newest first. */
export default function ConsoleAudit() {
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
      <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText.loading}</p>
    );
  }
  if (entries.length === 0 && page === 1) {
    return <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText["audit.none"]}</p>;
  }
  return (
    <>
      <ol className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800">
        {entries.map((entry) => (
          <li key={entry.id} className="px-4 py-3">
            <p className="break-words text-slate-900 dark:text-white">
              <span className="font-semibold">{consoleLabel("action", entry.action)}</span>
              {entry.targetEmail && <> · {entry.targetEmail}</>}
            </p>
            <p className="break-words text-slate-600 dark:text-slate-400">
              {entry.operatorEmail} ·{" "}
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, "en-US")}</time>
            </p>
            {Object.keys(entry.detail).length > 0 && (
              <p className="break-words text-slate-600 dark:text-slate-400">
                <bdi>{detailText(entry.detail)}</bdi>
              </p>
            )}
          </li>
        ))}
      </ol>
      {(page > 1 || hasMore) && (
        <div className="mt-3 flex justify-between text-sm">
          <button
            type="button"
            className="underline disabled:opacity-40"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            {consoleText["audit.newer"]}
          </button>
          <button
            type="button"
            className="underline disabled:opacity-40"
            disabled={!hasMore}
            onClick={() => setPage(page + 1)}
          >
            {consoleText["audit.older"]}
          </button>
        </div>
      )}
    </>
  );
}
