import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { AccountDetail } from "#shared/console.ts";
import { $consoleChanges, noteConsoleChange } from "#stores/console.ts";
import LoadFailed from "../LoadFailed.tsx";
import { AccountActivity } from "./AccountActivity.tsx";
import { secondaryButton, when } from "./account-look.ts";
import { AccountPlanForm } from "../plans/AccountPlanForm.tsx";
import { CreditsForm } from "./CreditsForm.tsx";
import { DeleteAccountForm } from "./DeleteAccountForm.tsx";
import { OutcomeLine, postAction, type Outcome } from "./outcome.tsx";
import { TextsTable } from "./TextsTable.tsx";

/**
 * One account: its figures, credits, verification, activity, texts and deletion. Each load
 * (after every change) is passed to `onLoaded`, so the search line shows what this does.
 */
export function AccountPanel({
  userId,
  onLoaded,
  onDeleted,
}: {
  userId: string;
  /** Must keep its identity between renders (useCallback): each new one loads again. */
  onLoaded(account: AccountDetail["account"]): void;
  onDeleted(email: string): void;
}) {
  const { t } = useMessages(consoleWords);
  const changes = useStore($consoleChanges);
  const [detail, setDetail] = useState<AccountDetail | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    apiFetch<AccountDetail>(`/api/console/account?id=${encodeURIComponent(userId)}`)
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (!ok) return;
        setDetail(body);
        onLoaded(body.account);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [userId, changes, attempt, onLoaded]);

  if (!detail) {
    return failed ? (
      <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
    ) : (
      <p className="mt-4 text-slate-600 dark:text-slate-400">{t("loading")}</p>
    );
  }
  const { account } = detail;

  async function accountAction(path: string) {
    setBusy(true);
    const result = await postAction(path, { userId: account.id });
    setBusy(false);
    setOutcome(result);
    if (result.ok) noteConsoleChange();
  }

  return (
    <section
      aria-labelledby="console-account-heading"
      className="mt-6 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3
        id="console-account-heading"
        className="text-lg font-semibold break-all text-slate-900 dark:text-white"
      >
        {account.email}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("account.balance")}</dt>
          <dd className="font-semibold tabular-nums" data-balance>
            {account.credits}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("account.ledger")}</dt>
          <dd className="font-semibold tabular-nums">{detail.ledgerSum}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("account.voices")}</dt>
          <dd className="tabular-nums">{detail.voices}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("account.status")}</dt>
          <dd>{account.emailVerified ? t("accounts.verified") : t("accounts.unverified")}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("account.joined")}</dt>
          <dd>
            <time dateTime={account.createdAt}>{when(account.createdAt)}</time>
          </dd>
        </div>
      </dl>

      <CreditsForm account={account} onDone={noteConsoleChange} />
      <AccountPlanForm account={account} />

      {!account.emailVerified && (
        <div className="mt-4">
          <h4 className="font-semibold text-slate-900 dark:text-white">
            {t("account.verification")}
          </h4>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void accountAction("/api/console/resend-verification")}
            >
              {t("account.resend")}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void accountAction("/api/console/verify")}
            >
              {t("account.verify")}
            </button>
          </div>
        </div>
      )}
      <OutcomeLine outcome={outcome} />

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">{t("account.activity")}</h4>
      <AccountActivity activity={detail.activity} />

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">{t("account.texts")}</h4>
      <TextsTable texts={detail.texts} />

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">{t("account.delete")}</h4>
      <DeleteAccountForm
        account={account}
        onDeleted={() => {
          noteConsoleChange();
          onDeleted(account.email);
        }}
      />
    </section>
  );
}
