import { useState, type FormEvent } from "react";
import { NetworkError, apiFetch } from "../../../lib/client/http.ts";
import { emailOnlySchema } from "../../../lib/shared/schemas/auth.ts";
import { showToast } from "../../../stores/toasts.ts";
import { Field, buttonClass, issueErrors, useHydrated } from "../../ui/Field.tsx";

export default function ForgotPasswordForm() {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailOnlySchema.safeParse({
      email: new FormData(event.currentTarget).get("email"),
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch("/api/auth/forgot-password", { json: parsed.data });
      if (!ok || !body.success) {
        showToast({
          title: "Error",
          description: body.message ?? "Something went wrong.",
          variant: "error",
        });
        return;
      }
      setSentTo({ email: parsed.data.email, message: body.message ?? "" });
    } catch (error) {
      showToast({
        title: "Error",
        description: error instanceof NetworkError ? error.message : "Something went wrong.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div role="status" className="grid gap-3 text-slate-700 dark:text-slate-300">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Check your email</h2>
        <p>{sentTo.message}</p>
        <p>
          We sent it to <strong>{sentTo.email}</strong>. The link works once and expires in 24
          hours.
        </p>
        <p>
          <a href="/login" className="font-medium text-brand-700 underline dark:text-brand-100">
            Back to login
          </a>
        </p>
      </div>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
        {busy ? "Sending..." : "Send Reset Link"}
      </button>
    </form>
  );
}
