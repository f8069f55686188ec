import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { buttonClass, issueErrors } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import {
  describeSignupFailure,
  describeSignupFieldFailures,
  signupWords,
  wordSignupRules,
} from "#i18n/signup.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import type { SignupRules } from "#shared/api/signup.ts";
import { signupRulesSchema } from "#shared/schemas/signup.ts";
import { SIGNUP_MODES, type SignupMode } from "#shared/signup.ts";
import { OutcomeLine, type Outcome } from "../accounts/outcome.tsx";

/** The sign-up rule: anyone, invite links only, or listed domains (and invite links). */
export function RulesForm({ rules, onSaved }: { rules: SignupRules; onSaved(): void }) {
  const { t, language } = useMessages(signupWords);
  const [mode, setMode] = useState<SignupMode>(rules.mode);
  const [domains, setDomains] = useState(rules.domains.join("\n"));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = { mode, domains: domains.split(/[\s,;]+/).filter(Boolean) };
    const parsed = signupRulesSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(wordSignupRules(language, issueErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch<FailedAnswer>("/api/console/signup", { json: input });
      if (ok) {
        setOutcome({ ok, message: t("signup.saved") });
        onSaved();
      } else {
        setErrors(describeSignupFieldFailures(language, body));
        setOutcome({ ok, message: describeSignupFailure(language, body) ?? body.message ?? "" });
      }
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid max-w-xl gap-4"
      aria-label={t("signup.mode")}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t("signup.mode")}
        </legend>
        {SIGNUP_MODES.map((value) => (
          <label
            key={value}
            className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
          >
            <input
              type="radio"
              name="signup-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {t(`signup.mode.${value}`)}
          </label>
        ))}
      </fieldset>
      {mode === "domains" ? (
        <div className="grid gap-1.5">
          <label
            htmlFor="signup-domains"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t("signup.domains")}
          </label>
          <textarea
            id="signup-domains"
            rows={4}
            value={domains}
            onChange={(event) => setDomains(event.target.value)}
            aria-invalid={errors.domains ? true : undefined}
            aria-describedby={`signup-domains-hint${errors.domains ? " signup-domains-error" : ""}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
          />
          <p id="signup-domains-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {t("signup.domains.hint")}
          </p>
          {errors.domains ? (
            <p id="signup-domains-error" className="text-sm text-red-700 dark:text-red-400">
              {errors.domains}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <button type="submit" className={buttonClass} disabled={busy}>
          {t("signup.save")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
