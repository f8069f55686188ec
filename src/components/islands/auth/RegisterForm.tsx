import { useState, type FormEvent } from "react";
import { NetworkError, apiFetch } from "../../../lib/client/http.ts";
import { queueFlashToast } from "../../../lib/client/flash.ts";
import { registerSchema } from "../../../lib/shared/schemas/auth.ts";
import { showToast } from "../../../stores/toasts.ts";
import { Field, buttonClass, firstErrors, issueErrors, useHydrated } from "../../ui/Field.tsx";

export default function RegisterForm() {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      email: form.get("email"),
      name: form.get("name"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    };
    const parsed = registerSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { ok, body } = await apiFetch<{
        token?: string;
        fieldErrors?: Record<string, string[]>;
      }>("/api/auth/register", { json: input });
      if (!ok || !body.success) {
        setErrors(firstErrors(body.fieldErrors));
        showToast({
          title: "Registration Error",
          description: body.message ?? "An unexpected error occurred",
          variant: "error",
        });
        return;
      }
      // Spec §4: with a token the new user is signed in and goes home; otherwise to login.
      if (body.token) {
        queueFlashToast({
          title: "Registration Successful",
          description: body.message,
          variant: "success",
        });
        location.assign("/");
      } else {
        location.assign("/login?registered=true");
      }
    } catch (error) {
      showToast({
        title: "Registration Error",
        description: error instanceof NetworkError ? error.message : "An unexpected error occurred",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
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
      <Field
        label="Name (optional)"
        name="name"
        type="text"
        autoComplete="name"
        error={errors.name}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 6 characters; 8 or more is safer."
        error={errors.password}
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
      <button type="submit" disabled={!hydrated || busy} className={buttonClass}>
        {busy ? "Creating account..." : "Create Account"}
      </button>
    </form>
  );
}
