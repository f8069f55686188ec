import { useState, type FormEvent } from "react";
import { NetworkError, apiFetch } from "../../../lib/client/http.ts";
import { queueFlashToast } from "../../../lib/client/flash.ts";
import { loginSchema } from "../../../lib/shared/schemas/auth.ts";
import { refreshUser, resendVerificationEmail } from "../../../stores/user.ts";
import { showToast } from "../../../stores/toasts.ts";
import { Field, buttonClass, issueErrors, useHydrated } from "../../ui/Field.tsx";

export default function LoginForm() {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({
      email: form.get("email"),
      password: form.get("password"),
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch<{ isVerified?: boolean }>("/api/auth/login", {
        json: parsed.data,
      });
      if (!ok || !body.success) {
        showToast({
          title: "Login Error",
          description: body.message ?? "Invalid email or password.",
          variant: "error",
        });
        return;
      }
      refreshUser();
      showToast({ title: "Login Successful", description: "Welcome back!", variant: "success" });
      if (body.isVerified === false) {
        // Stay here so that the banner and its resend link can be read.
        setUnverifiedEmail(parsed.data.email);
        return;
      }
      queueFlashToast({
        title: "Signed in",
        description: "You are ready to write.",
        variant: "success",
      });
      setTimeout(() => location.assign("/"), 1000);
    } catch (error) {
      showToast({
        title: "Login Error",
        description:
          error instanceof NetworkError
            ? error.message
            : "An unexpected error occurred. Please try again later.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (!unverifiedEmail) return;
    setResending(true);
    try {
      await resendVerificationEmail(unverifiedEmail);
    } finally {
      setResending(false);
    }
  }

  return (
    <div className="grid gap-6">
      {unverifiedEmail && (
        <div
          role="status"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-50"
        >
          <p className="font-semibold">Email verification required</p>
          <p className="mt-1">
            Please verify your email address to receive your weekly credits. Unverified accounts are
            deleted after 24 hours.
          </p>
          <p className="mt-2 flex flex-wrap gap-4">
            <button
              type="button"
              onClick={resend}
              disabled={resending}
              className="font-semibold underline disabled:opacity-60"
            >
              {resending ? "Sending..." : "Resend verification email"}
            </button>
            <a href="/" className="font-semibold underline">
              Continue to the generator
            </a>
          </p>
        </div>
      )}
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <div className="flex justify-end text-sm">
          <a
            href="/forgot-password"
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            Forgot your password?
          </a>
        </div>
        <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
          {busy ? "Logging in..." : "Log In"}
        </button>
      </form>
    </div>
  );
}
