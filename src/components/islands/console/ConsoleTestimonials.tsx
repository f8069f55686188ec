import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { buttonClass } from "#components/ui/Field.tsx";
import { apiFetch } from "#client/http.ts";
import { consoleLocale, consoleWords, figures } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { PendingTestimonial } from "#shared/console.ts";
import { formatDateTime } from "#shared/format.ts";
import { $consoleChanges, noteConsoleChange } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";

const rejectButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800";

/** The feedback waiting for review: approve it onto the home page, or reject it. */
export default function ConsoleTestimonials() {
  const { t } = useMessages(consoleWords);
  const changes = useStore($consoleChanges);
  const [pending, setPending] = useState<PendingTestimonial[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    apiFetch<{ testimonials: PendingTestimonial[] }>("/api/console/testimonials")
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (ok) setPending(body.testimonials);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [changes, attempt]);

  async function moderate(id: string, action: "approve" | "reject") {
    setBusy(id);
    try {
      const { ok, body } = await apiFetch("/api/console/testimonials", { json: { id, action } });
      setOutcome({
        ok,
        message: ok
          ? t(action === "approve" ? "testimonials.done.approve" : "testimonials.done.reject")
          : (body.message ?? t("loadFailed")),
      });
      if (ok) {
        setPending((rows) => rows?.filter((row) => row.id !== id) ?? null);
        noteConsoleChange();
      }
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  if (!pending) {
    return failed ? (
      <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
    ) : (
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
    );
  }
  return (
    <>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={`mt-3 text-sm ${outcome.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
        >
          {outcome.message}
        </p>
      )}
      {pending.length === 0 ? (
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t("testimonials.none")}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {pending.map((item) => (
            <li
              key={item.id}
              className="rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <p className="font-semibold text-slate-900 dark:text-white">
                <bdi>{item.name}</bdi>
                {item.profession && (
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {", "}
                    <bdi>{item.profession}</bdi>
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("testimonials.rating", figures({ rating: item.rating }))} ·{" "}
                <time dateTime={item.createdAt}>
                  {formatDateTime(item.createdAt, consoleLocale())}
                </time>{" "}
                · {t("testimonials.sender", { sender: item.sender })}
              </p>
              <blockquote className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200">
                {item.content}
              </blockquote>
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={busy === item.id}
                  aria-label={t("testimonials.approveLabel", { name: item.name })}
                  onClick={() => void moderate(item.id, "approve")}
                >
                  {t("testimonials.approve")}
                </button>
                <button
                  type="button"
                  className={rejectButton}
                  disabled={busy === item.id}
                  aria-label={t("testimonials.rejectLabel", { name: item.name })}
                  onClick={() => void moderate(item.id, "reject")}
                >
                  {t("testimonials.reject")}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
