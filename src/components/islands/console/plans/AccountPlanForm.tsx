import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { buttonClass, SelectField } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { plansWords } from "#i18n/console-plans.ts";
import type { AccountDetail } from "#shared/console.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { OutcomeLine, type Outcome } from "../accounts/outcome.tsx";
import { usePlans } from "./use-plans.ts";

/** Puts one account on a named plan, or back on the plan in force (issue 29). */
export function AccountPlanForm({ account }: { account: AccountDetail["account"] }) {
  const { t } = useMessages(plansWords);
  const { view } = usePlans();
  const [planId, setPlanId] = useState(account.planId ?? "");
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  if (!view || view.namedPlans.length === 0) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { ok, body } = await apiFetch<{ credits: number }>("/api/console/account-plan", {
        json: { userId: account.id, planId: planId === "" ? null : planId },
      });
      setOutcome({
        ok,
        message: ok ? t("plans.account.saved", { credits: body.credits }) : (body.message ?? ""),
      });
      if (ok) noteConsoleChange();
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-4 grid max-w-md gap-3">
      <SelectField
        id={`account-plan-${account.id}`}
        label={t("plans.account.plan")}
        value={planId}
        onChange={setPlanId}
        options={[
          { value: "", label: t("plans.account.inForce") },
          ...view.namedPlans.map((plan) => ({ value: plan.id, label: plan.name })),
        ]}
      />
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("plans.account.save")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
