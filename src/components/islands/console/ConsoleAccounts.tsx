import { useCallback, useState, type FormEvent } from "react";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { apiFetch } from "#client/http.ts";
import { consoleWords, figures } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { AccountSummary } from "#shared/console.ts";
import { AccountPanel } from "./accounts/AccountPanel.tsx";
import { OutcomeLine, type Outcome } from "./accounts/outcome.tsx";

/** Find an account by the start of its address, then see and change it. */
export default function ConsoleAccounts() {
  const { t } = useMessages(consoleWords);
  const [prefix, setPrefix] = useState("");
  const [results, setResults] = useState<AccountSummary[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<Outcome>(null);
  // The opened account as last read: its search line shows the balance a grant left.
  const showLoaded = useCallback((account: AccountSummary) => {
    setResults(
      (rows) =>
        rows?.map((row) =>
          row.id === account.id
            ? { ...row, credits: account.credits, emailVerified: account.emailVerified }
            : row,
        ) ?? null,
    );
  }, []);

  async function search(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    try {
      const { ok, body } = await apiFetch<{ accounts: AccountSummary[] }>(
        `/api/console/accounts?email=${encodeURIComponent(prefix)}`,
      );
      setError(ok ? undefined : (body.message ?? t("loadFailed")));
      setResults(ok ? body.accounts : null);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <>
      <form
        role="search"
        onSubmit={search}
        className="mt-3 flex flex-wrap items-end gap-3"
        noValidate
      >
        <div className="min-w-64 flex-1">
          <Field
            label={t("accounts.search")}
            type="search"
            autoComplete="off"
            value={prefix}
            error={error}
            onChange={(event) => setPrefix(event.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass}>
          {t("accounts.search.submit")}
        </button>
      </form>
      <OutcomeLine outcome={notice} />
      {results &&
        (results.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">{t("accounts.none")}</p>
        ) : (
          <ul aria-label={t("accounts.results")} className="mt-3 grid gap-2">
            {results.map((account) => (
              <li key={account.id}>
                <button
                  type="button"
                  aria-pressed={selected === account.id}
                  onClick={() => setSelected(account.id)}
                  className="flex w-full flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50 aria-pressed:border-brand-600 dark:border-slate-700 dark:hover:bg-slate-800"
                >
                  <span className="font-medium break-all text-slate-900 dark:text-white">
                    {account.email}
                  </span>
                  <span className="text-slate-600 dark:text-slate-400">
                    {account.emailVerified ? t("accounts.verified") : t("accounts.unverified")} ·{" "}
                    {t("accounts.credits", figures({ credits: account.credits }))}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
      {selected && (
        <AccountPanel
          key={selected}
          userId={selected}
          onLoaded={showLoaded}
          onDeleted={(email) => {
            setSelected(null);
            setResults((rows) => rows?.filter((row) => row.id !== selected) ?? null);
            setNotice({ ok: true, message: t("account.deleted", { email }) });
          }}
        />
      )}
    </>
  );
}
