import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleText } from "#i18n/console.ts";
import type { AuditEntry } from "#shared/console.ts";
import { formatDateTime } from "#shared/format.ts";
import { $consoleChanges } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";

const cell = "py-1.5 pr-3 align-top";

/** An entry's details as `name: value` pairs, in the order they were written. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
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
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {(
                [
                  "audit.when",
                  "audit.operator",
                  "audit.action",
                  "audit.account",
                  "audit.detail",
                ] as const
              ).map((key) => (
                <th key={key} scope="col" className={cell}>
                  {consoleText[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, "en-US")}</time>
                </td>
                <td className={`${cell} break-all`}>{entry.operatorEmail}</td>
                <td className={cell}>{consoleLabel("action", entry.action)}</td>
                <td className={`${cell} break-all`}>{entry.targetEmail ?? "–"}</td>
                <td className={`${cell} break-all`}>
                  <bdi>{detailText(entry.detail)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
