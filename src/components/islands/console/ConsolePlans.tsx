import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { buttonClass, Field, SelectField } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { consoleWords } from "#i18n/console.ts";
import { planFieldError, plansWords, type PlansKey } from "#i18n/console-plans.ts";
import type { PlanNumbers } from "#shared/plan.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { OutcomeLine, type Outcome } from "./accounts/outcome.tsx";
import LoadFailed from "./LoadFailed.tsx";
import { NamedPlans } from "./plans/NamedPlans.tsx";
import { usePlans } from "./plans/use-plans.ts";

type Field = keyof PlanNumbers;

/** The numbers the form edits, in its order; the reset day is a choice of day. */
const NUMBERS: Exclude<Field, "resetDay">[] = [
  "weeklyAllowance",
  "costPerText",
  "trialCredits",
  "trialTextsPerNetwork",
  "adReward",
  "adsPerDay",
];

/** The plans (issue 29): the numbers in force, then the named plans. */
export default function ConsolePlans() {
  const { view, failed, retry } = usePlans();
  const { t } = useMessages(consoleWords);
  if (!view) {
    return failed ? (
      <LoadFailed onRetry={retry} />
    ) : (
      <p className="mt-3 text-slate-600 dark:text-slate-400">{t("loading")}</p>
    );
  }
  return (
    <>
      <PlanForm plan={view.plan} defaults={view.defaults} />
      <NamedPlans plans={view.namedPlans} />
    </>
  );
}

function PlanForm({ plan, defaults }: { plan: PlanNumbers; defaults: PlanNumbers }) {
  const { t } = useMessages(plansWords);
  const [values, setValues] = useState<Record<Field, string>>(() => asText(plan));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const day = (value: number) => t(`plans.day.${value}` as PlansKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    // Sent as typed: the server's rules are the one judge, worded here by field.
    const json = Object.fromEntries(
      Object.entries(values).map(([field, text]) => [
        field,
        text.trim() === "" ? null : Number(text),
      ]),
    );
    try {
      const { ok, body } = await apiFetch<{ fieldErrors?: Record<string, string[]> }>(
        "/api/console/plan",
        { json },
      );
      setFieldErrors(ok ? undefined : body.fieldErrors);
      setOutcome({
        ok,
        message: ok
          ? t("plans.saved")
          : body.fieldErrors
            ? t("plans.invalid")
            : (body.message ?? ""),
      });
      if (ok) noteConsoleChange();
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3" noValidate data-testid="plan-form">
      <p className="text-slate-600 dark:text-slate-400">{t("plans.intro")}</p>
      <div className="grid gap-3 sm:grid-cols-2 [&_input]:w-full">
        {NUMBERS.map((field) => (
          <Field
            key={field}
            name={field}
            label={t(`plans.field.${field}`)}
            hint={t("plans.default", { value: defaults[field] })}
            type="number"
            inputMode="numeric"
            value={values[field]}
            error={planFieldError(t, field, fieldErrors)}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        ))}
        <SelectField
          id="plan-reset-day"
          label={t("plans.field.resetDay")}
          value={values.resetDay}
          invalid={Boolean(fieldErrors?.resetDay)}
          onChange={(value) => setValues({ ...values, resetDay: value })}
          options={[0, 1, 2, 3, 4, 5, 6].map((value) => ({
            value: String(value),
            label: day(value),
          }))}
        />
      </div>
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("plans.save")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function asText(plan: PlanNumbers): Record<Field, string> {
  return Object.fromEntries(
    Object.entries(plan).map(([field, value]) => [field, String(value)]),
  ) as Record<Field, string>;
}
