import { useId, useState, type FormEvent } from "react";
import { buttonClass, Field } from "#components/ui/Field.tsx";
import { apiFetch } from "#client/http.ts";
import { consoleWords, figures } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { AccountDetail } from "#shared/console.ts";
import { OutcomeLine, type Outcome } from "./outcome.tsx";

/** Grant or take back credits, with a reason. */
export function CreditsForm({
  account,
  onDone,
}: {
  account: AccountDetail["account"];
  onDone(): void;
}) {
  const { t } = useMessages(consoleWords);
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
      setErrors({ amount: t("account.adjust.amountError") });
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
          message: t(
            "account.adjust.done",
            figures({
              credits,
              verb:
                direction === "grant" ? t("account.adjust.granted") : t("account.adjust.takenBack"),
              balance: String(body.credits),
            }),
          ),
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
        setOutcome({ ok: false, message: body.message ?? t("loadFailed") });
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
          {t("account.adjust")}
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
              {value === "grant" ? t("account.adjust.grant") : t("account.adjust.takeBack")}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr] [&_input]:w-full">
        <Field
          label={t("account.adjust.amount")}
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
          label={t("account.adjust.reason")}
          hint={t("account.adjust.reasonHint")}
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
          {t("account.adjust.submit")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
