import { useEffect, useState, type FormEvent } from "react";
import { NetworkError, apiFetch } from "../../../lib/client/http.ts";
import { resetPasswordFormSchema } from "../../../lib/shared/schemas/auth.ts";
import { showToast } from "../../../stores/toasts.ts";
import { Field, buttonClass, issueErrors, useHydrated } from "../../ui/Field.tsx";

const MISSING_TOKEN = "Invalid or missing password reset token.";
const REDIRECT_DELAY_MS = 3000;

export default function ResetPasswordForm() {
  const hydrated = useHydrated();
  // undefined until the address has been read in the browser.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const value = new URLSearchParams(location.search).get("token");
    setToken(value || null);
    if (value) {
      // Keep the token out of history and of any later Referer.
      history.replaceState(null, "", location.pathname);
    } else {
      const timer = setTimeout(() => location.assign("/"), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = resetPasswordFormSchema.safeParse({
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch("/api/auth/reset-password", {
        json: { token, newPassword: parsed.data.password },
      });
      if (!ok || !body.success) {
        showToast({
          title: "Password Reset Error",
          description: body.message ?? "Something went wrong.",
          variant: "error",
        });
        return;
      }
      setDone(true);
    } catch (error) {
      showToast({
        title: "Password Reset Error",
        description: error instanceof NetworkError ? error.message : "Something went wrong.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  if (token === undefined) return <p className="text-slate-600 dark:text-slate-400">Loading...</p>;
  if (token === null) {
    return (
      <div role="alert" className="grid gap-2 text-slate-700 dark:text-slate-300">
        <p className="font-semibold text-red-700 dark:text-red-400">{MISSING_TOKEN}</p>
        <p>Taking you to the home page...</p>
      </div>
    );
  }
  if (done) {
    return (
      <div role="status" className="grid gap-3 text-slate-700 dark:text-slate-300">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Password updated</h2>
        <p>
          Your password has been reset and you have been signed out everywhere. Log in with your new
          password.
        </p>
        <p>
          <a href="/login" className={buttonClass}>
            Go to Login
          </a>
        </p>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters; we recommend 8 or more."
        error={errors.password}
      />
      <Field
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
        {busy ? "Saving..." : "Reset Password"}
      </button>
    </form>
  );
}
