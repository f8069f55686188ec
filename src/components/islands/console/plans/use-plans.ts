import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import type { PlanNumbers } from "#shared/plan.ts";
import { $consoleChanges } from "#stores/console.ts";

/** A named plan as GET /api/console/plan lists it. */
export interface NamedPlanView {
  id: string;
  name: string;
  weeklyAllowance: number;
  accounts: number;
  domains: string[];
}

export interface PlansView {
  plan: PlanNumbers;
  defaults: PlanNumbers;
  namedPlans: NamedPlanView[];
}

/** The plans as the server has them, read again after each console change. */
export function usePlans(): { view: PlansView | null; failed: boolean; retry(): void } {
  const changes = useStore($consoleChanges);
  const [view, setView] = useState<PlansView | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let cancelled = false;
    apiFetch<PlansView>("/api/console/plan")
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (ok) setView(body);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [changes, attempt]);
  return { view, failed, retry: () => setAttempt(attempt + 1) };
}
