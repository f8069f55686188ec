import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { buttonClass, Field, SelectField } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { planFieldError, plansWords } from "#i18n/console-plans.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { OutcomeLine, type Outcome } from "../accounts/outcome.tsx";
import type { NamedPlanView } from "./use-plans.ts";

type Answer = { ok: boolean; body: { message?: string; fieldErrors?: Record<string, string[]> } };

/** Posts one plan action; its field refusals and its outcome, worded in the chosen language. */
async function post(path: string, json: unknown): Promise<Answer> {
  try {
    return await apiFetch<{ fieldErrors?: Record<string, string[]> }>(path, { json });
  } catch (error) {
    return { ok: false, body: { message: (error as Error).message } };
  }
}

/** Named plans: the list, a new one, and an e-mail domain's. */
export function NamedPlans({ plans }: { plans: NamedPlanView[] }) {
  const { t } = useMessages(plansWords);
  return (
    <section className="mt-8" aria-labelledby="named-plans-heading">
      <h3 id="named-plans-heading" className="font-semibold text-slate-900 dark:text-white">
        {t("plans.named.heading")}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("plans.named.intro")}</p>
      {plans.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("plans.named.none")}</p>
      ) : (
        <ul className="mt-2 list-disc pl-6 text-sm" data-testid="named-plans">
          {plans.map((plan) => (
            <li key={plan.id}>
              {t("plans.named.item", {
                name: plan.name,
                allowance: plan.weeklyAllowance,
                accounts: plan.accounts,
              })}
              {plan.domains.length > 0 && (
                <> · {t("plans.named.domains", { domains: plan.domains.join(", ") })}</>
              )}
            </li>
          ))}
        </ul>
      )}
      <NewPlanForm />
      {plans.length > 0 && <DomainForm plans={plans} />}
    </section>
  );
}

function NewPlanForm() {
  const { t } = useMessages(plansWords);
  const [name, setName] = useState("");
  const [allowance, setAllowance] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const weeklyAllowance = allowance.trim() === "" ? null : Number(allowance);
    const { ok, body } = await post("/api/console/named-plans", { name, weeklyAllowance });
    setBusy(false);
    const exists = body.fieldErrors?.name && !ok && body.message?.includes("exists");
    setErrors(ok || exists ? undefined : body.fieldErrors);
    setOutcome({
      ok,
      message: ok
        ? t("plans.named.created")
        : exists
          ? t("plans.named.exists")
          : body.fieldErrors
            ? t("plans.invalid")
            : (body.message ?? ""),
    });
    if (ok) {
      setName("");
      setAllowance("");
      noteConsoleChange();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 [&_input]:w-full">
      <Field
        label={t("plans.named.name")}
        maxLength={60}
        value={name}
        error={planFieldError(t, "name", errors)}
        onChange={(event) => setName(event.target.value)}
      />
      <Field
        label={t("plans.field.weeklyAllowance")}
        type="number"
        inputMode="numeric"
        value={allowance}
        error={planFieldError(t, "weeklyAllowance", errors)}
        onChange={(event) => setAllowance(event.target.value)}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("plans.named.create")}
        </button>
      </div>
      <div className="sm:col-span-2">
        <OutcomeLine outcome={outcome} />
      </div>
    </form>
  );
}

function DomainForm({ plans }: { plans: NamedPlanView[] }) {
  const { t } = useMessages(plansWords);
  const [domain, setDomain] = useState("");
  const [planId, setPlanId] = useState(plans[0]!.id);
  const [errors, setErrors] = useState<Record<string, string[]>>();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const { ok, body } = await post("/api/console/domain-plan", {
      domain,
      planId: planId === "" ? null : planId,
    });
    setBusy(false);
    setErrors(ok ? undefined : body.fieldErrors);
    setOutcome({
      ok,
      message: ok
        ? t("plans.domain.saved")
        : body.fieldErrors
          ? t("plans.invalid")
          : (body.message ?? ""),
    });
    if (ok) {
      setDomain("");
      noteConsoleChange();
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 [&_input]:w-full">
      <Field
        label={t("plans.domain.domain")}
        autoComplete="off"
        value={domain}
        error={planFieldError(t, "domain", errors)}
        onChange={(event) => setDomain(event.target.value)}
      />
      <SelectField
        id="domain-plan"
        label={t("plans.domain.plan")}
        value={planId}
        onChange={setPlanId}
        options={[
          ...plans.map((plan) => ({ value: plan.id, label: plan.name })),
          { value: "", label: t("plans.domain.none") },
        ]}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("plans.domain.save")}
        </button>
      </div>
      <div className="sm:col-span-2">
        <OutcomeLine outcome={outcome} />
      </div>
    </form>
  );
}
