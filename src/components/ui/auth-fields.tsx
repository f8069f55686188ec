import type { ReactNode } from "react";
import { Field, buttonClass } from "./Field.tsx";
import { useMessages } from "./use-messages.ts";

/** The fields and button the auth forms share, so each form lists only what is its own. */

export function EmailField({ error }: { error?: string }) {
  const { t } = useMessages();
  return (
    <Field
      label={t("auth.email")}
      name="email"
      type="email"
      autoComplete="email"
      required
      error={error}
    />
  );
}

/** Sign-in password: the browser offers the saved one. */
export function CurrentPasswordField({ error }: { error?: string }) {
  const { t } = useMessages();
  return (
    <Field
      label={t("auth.password")}
      name="password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  );
}

/** A new password and its confirmation (register; reset says "new"): the browser may suggest one. */
export function NewPasswordFields({
  errors,
  reset = false,
}: {
  errors: Record<string, string>;
  reset?: boolean;
}) {
  const { t } = useMessages();
  const input = { type: "password", autoComplete: "new-password", required: true } as const;
  return (
    <>
      <Field
        label={t(reset ? "auth.newPassword" : "auth.password")}
        name="password"
        hint={t("auth.passwordHint")}
        error={errors.password}
        {...input}
      />
      <Field
        label={t(reset ? "auth.confirmNewPassword" : "auth.confirmPassword")}
        name="confirmPassword"
        error={errors.confirmPassword}
        {...input}
      />
    </>
  );
}

/** What a form shows in its place once it has done its work. */
export function FormOutcome({
  heading,
  children,
  next,
}: {
  heading: string;
  children: ReactNode;
  next: ReactNode;
}) {
  return (
    <div role="status" className="grid gap-3 text-slate-700 dark:text-slate-300">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{heading}</h2>
      {children}
      <p>{next}</p>
    </div>
  );
}

/** Disabled until hydrated (no native submit) and while the request runs. */
export function SubmitButton({
  form,
  busyLabel,
  children,
}: {
  form: { hydrated: boolean; busy: boolean };
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={!form.hydrated || form.busy} className={buttonClass}>
      {form.busy ? busyLabel : children}
    </button>
  );
}
