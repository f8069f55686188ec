import { useStore } from "@nanostores/react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleSays, consoleText } from "#i18n/console.ts";
import type { AccountDetail, AccountSummary, OpenedText } from "#shared/console.ts";
import { formatDateTime } from "#shared/format.ts";
import { $consoleChanges, noteConsoleChange } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";

const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800";
const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";
const cell = "py-1.5 pr-3";

const when = (iso: string) => formatDateTime(iso, "en-US");

/** An action's outcome, announced: a status when it worked, an alert when it did not. */
type Outcome = { ok: boolean; message: string } | null;

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  if (!outcome) return <p role="status" className="sr-only" />;
  return (
    <p
      role={outcome.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${outcome.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}
    >
      {outcome.message}
    </p>
  );
}

async function act(path: string, json: unknown): Promise<{ ok: boolean; message: string }> {
  try {
    const { ok, body } = await apiFetch<{ credits?: number }>(path, { json });
    return { ok, message: body.message ?? (ok ? "" : consoleText.loadFailed) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

function CreditsForm({ account, onDone }: { account: AccountDetail["account"]; onDone(): void }) {
  const [direction, setDirection] = useState<"grant" | "takeBack">("grant");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One id per change the operator means to make: a retry after a lost answer sends the
  // same one, and the server does not apply it twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const legendId = useId();

  const edited = () => setRequestId(crypto.randomUUID());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const credits = Number(amount);
    if (!Number.isInteger(credits) || credits <= 0) {
      setErrors({ amount: consoleText["account.adjust.amountError"] });
      return;
    }
    setErrors({});
    setBusy(true);
    const delta = direction === "grant" ? credits : -credits;
    try {
      const { ok, body } = await apiFetch<{
        credits: number;
        fieldErrors?: Record<string, string[]>;
      }>("/api/console/credits", {
        json: { userId: account.id, delta, reason, requestId },
      });
      if (ok) {
        setOutcome({
          ok: true,
          message: consoleSays("account.adjust.done", {
            credits,
            verb:
              direction === "grant"
                ? consoleText["account.adjust.granted"]
                : consoleText["account.adjust.takenBack"],
            balance: body.credits,
          }),
        });
        setAmount("");
        setReason("");
        edited();
        onDone();
      } else {
        setErrors({
          amount: body.fieldErrors?.delta?.[0],
          reason: body.fieldErrors?.reason?.[0],
        });
        setOutcome({ ok: false, message: body.message ?? consoleText.loadFailed });
      }
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-labelledby={legendId} className="mt-3 grid gap-3" noValidate>
      <fieldset>
        <legend id={legendId} className="font-semibold text-slate-900 dark:text-white">
          {consoleText["account.adjust"]}
        </legend>
        <div className="mt-2 flex gap-4 text-sm">
          {(["grant", "takeBack"] as const).map((value) => (
            <label key={value} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => {
                  setDirection(value);
                  edited();
                }}
              />
              {value === "grant"
                ? consoleText["account.adjust.grant"]
                : consoleText["account.adjust.takeBack"]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr] [&_input]:w-full">
        <Field
          label={consoleText["account.adjust.amount"]}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          error={errors.amount}
          onChange={(event) => {
            setAmount(event.target.value);
            edited();
          }}
        />
        <Field
          label={consoleText["account.adjust.reason"]}
          hint={consoleText["account.adjust.reasonHint"]}
          maxLength={200}
          value={reason}
          error={errors.reason}
          onChange={(event) => {
            setReason(event.target.value);
            edited();
          }}
        />
      </div>
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {consoleText["account.adjust.submit"]}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function DeleteForm({
  account,
  onDeleted,
}: {
  account: AccountDetail["account"];
  onDeleted(): void;
}) {
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const matches = typed.trim().toLowerCase() === account.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await act("/api/console/delete-account", { userId: account.id, email: typed });
    setBusy(false);
    if (result.ok) onDeleted();
    else setOutcome(result);
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3" aria-label={consoleText["account.delete"]}>
      <Field
        label={consoleText["account.delete.confirm"]}
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div>
        <button type="submit" className={dangerButton} disabled={!matches || busy}>
          {consoleText["account.delete.submit"]}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function OpenedTextPanel({ text, onClose }: { text: OpenedText; onClose(): void }) {
  return (
    <section
      aria-labelledby="console-opened-text-heading"
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <h5
          id="console-opened-text-heading"
          className="font-semibold text-slate-900 dark:text-white"
        >
          {consoleText["account.text.heading"]}
        </h5>
        <button type="button" className={secondaryButton} onClick={onClose}>
          {consoleText["account.text.close"]}
        </button>
      </div>
      <dl className="mt-2 grid gap-2 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">
          {consoleText["account.text.subject"]}
        </dt>
        <dd className="text-slate-900 dark:text-white">
          <bdi>{text.subject}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{consoleText["account.text.prompt"]}</dt>
        <dd className="whitespace-pre-wrap text-slate-900 dark:text-white">
          <bdi>{text.prompt}</bdi>
        </dd>
      </dl>
      <pre className="mt-3 max-h-96 overflow-auto font-sans text-sm whitespace-pre-wrap text-slate-900 dark:text-white">
        {text.text ?? ""}
      </pre>
    </section>
  );
}

function TextsTable({ texts }: { texts: AccountDetail["texts"] }) {
  const [opened, setOpened] = useState<OpenedText | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function open(id: string) {
    try {
      const { ok, body } = await apiFetch<OpenedText>("/api/console/open-text", {
        json: { generationId: id },
      });
      if (ok) {
        setOpened(body);
        setOutcome(null);
        noteConsoleChange();
      } else setOutcome({ ok: false, message: body.message ?? consoleText.loadFailed });
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    }
  }

  if (texts.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {consoleText["account.texts.none"]}
      </p>
    );
  }
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {consoleText["account.texts.note"]}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {(
                [
                  "account.texts.type",
                  "account.texts.language",
                  "account.texts.date",
                  "account.texts.writer",
                  "account.texts.length",
                  "account.texts.words",
                  "account.texts.status",
                ] as const
              ).map((key) => (
                <th key={key} scope="col" className={cell}>
                  {consoleText[key]}
                </th>
              ))}
              <th scope="col" className="sr-only">
                {consoleText["account.texts.open"]}
              </th>
            </tr>
          </thead>
          <tbody>
            {texts.map((text) => (
              <tr key={text.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className={cell}>{text.contentType}</td>
                <td className={cell}>{text.language}</td>
                <td className={cell}>
                  <time dateTime={text.createdAt}>{when(text.createdAt)}</time>
                </td>
                <td className={cell}>
                  {text.modelUsed ? consoleLabel("writer", text.modelUsed) : "–"}
                </td>
                <td className={cell}>{text.length ?? "–"}</td>
                <td className={`${cell} tabular-nums`}>{text.words}</td>
                <td className={cell}>{text.status}</td>
                <td className={cell}>
                  <button
                    type="button"
                    className="underline"
                    aria-label={consoleSays("account.texts.openLabel", {
                      type: text.contentType,
                      date: when(text.createdAt),
                    })}
                    onClick={() => void open(text.id)}
                  >
                    {consoleText["account.texts.open"]}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OutcomeLine outcome={outcome} />
      {opened && <OpenedTextPanel text={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

function AccountPanel({ userId, onDeleted }: { userId: string; onDeleted(email: string): void }) {
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
        if (ok) setDetail(body);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [userId, changes, attempt]);

  if (!detail) {
    return failed ? (
      <LoadFailed onRetry={() => setAttempt(attempt + 1)} />
    ) : (
      <p className="mt-4 text-slate-600 dark:text-slate-400">{consoleText.loading}</p>
    );
  }
  const { account } = detail;

  async function accountAction(path: string) {
    setBusy(true);
    const result = await act(path, { userId: account.id });
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
          <dt className="text-slate-600 dark:text-slate-400">{consoleText["account.balance"]}</dt>
          <dd className="font-semibold tabular-nums" data-balance>
            {account.credits}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{consoleText["account.ledger"]}</dt>
          <dd className="font-semibold tabular-nums">{detail.ledgerSum}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{consoleText["account.status"]}</dt>
          <dd>
            {account.emailVerified
              ? consoleText["accounts.verified"]
              : consoleText["accounts.unverified"]}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{consoleText["account.joined"]}</dt>
          <dd>
            <time dateTime={account.createdAt}>{when(account.createdAt)}</time>
          </dd>
        </div>
      </dl>

      <CreditsForm account={account} onDone={noteConsoleChange} />

      {!account.emailVerified && (
        <div className="mt-4">
          <h4 className="font-semibold text-slate-900 dark:text-white">
            {consoleText["account.verification"]}
          </h4>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void accountAction("/api/console/resend-verification")}
            >
              {consoleText["account.resend"]}
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={busy}
              onClick={() => void accountAction("/api/console/verify")}
            >
              {consoleText["account.verify"]}
            </button>
          </div>
        </div>
      )}
      <OutcomeLine outcome={outcome} />

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">
        {consoleText["account.activity"]}
      </h4>
      {detail.activity.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {consoleText["account.activity.none"]}
        </p>
      ) : (
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className={cell}>
                  {consoleText["account.activity.what"]}
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  {consoleText["account.activity.credits"]}
                </th>
                <th scope="col" className={cell}>
                  {consoleText["account.activity.when"]}
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.activity.map((entry) => (
                <tr key={entry.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className={cell}>{consoleLabel("reason", entry.reason)}</td>
                  <td className={`${cell} text-right tabular-nums`}>
                    {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                  </td>
                  <td className={cell}>
                    <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">
        {consoleText["account.texts"]}
      </h4>
      <TextsTable texts={detail.texts} />

      <h4 className="mt-6 font-semibold text-slate-900 dark:text-white">
        {consoleText["account.delete"]}
      </h4>
      <DeleteForm
        account={account}
        onDeleted={() => {
          noteConsoleChange();
          onDeleted(account.email);
        }}
      />
    </section>
  );
}

/** Find an account by the start of its address, then see and change it. */
export default function ConsoleAccounts() {
  const [prefix, setPrefix] = useState("");
  const [results, setResults] = useState<AccountSummary[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<Outcome>(null);

  async function search(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    try {
      const { ok, body } = await apiFetch<{ accounts: AccountSummary[] }>(
        `/api/console/accounts?email=${encodeURIComponent(prefix)}`,
      );
      setError(ok ? undefined : (body.message ?? consoleText.loadFailed));
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
            label={consoleText["accounts.search"]}
            type="search"
            autoComplete="off"
            value={prefix}
            error={error}
            onChange={(event) => setPrefix(event.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass}>
          {consoleText["accounts.search.submit"]}
        </button>
      </form>
      <OutcomeLine outcome={notice} />
      {results &&
        (results.length === 0 ? (
          <p className="mt-3 text-slate-600 dark:text-slate-400">{consoleText["accounts.none"]}</p>
        ) : (
          <ul aria-label={consoleText["accounts.results"]} className="mt-3 grid gap-2">
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
                    {account.emailVerified
                      ? consoleText["accounts.verified"]
                      : consoleText["accounts.unverified"]}{" "}
                    · {consoleSays("accounts.credits", { credits: account.credits })}
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
          onDeleted={(email) => {
            setSelected(null);
            setResults((rows) => rows?.filter((row) => row.id !== selected) ?? null);
            setNotice({ ok: true, message: consoleSays("account.deleted", { email }) });
          }}
        />
      )}
    </>
  );
}
