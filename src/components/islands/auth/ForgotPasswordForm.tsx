import { useState } from "react";
import { emailOnlySchema } from "#shared/schemas/auth.ts";
import { EmailField, FormOutcome, SubmitButton } from "#components/ui/auth-fields.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";

export default function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const form = useJsonForm({
    schema: emailOnlySchema,
    read: (form) => ({ email: form.get("email") }),
    path: "/api/auth/forgot-password",
    errorTitle: "Error",
    fallbackMessage: "Something went wrong.",
    onSuccess: (answer, input) => setSentTo({ email: input.email, message: answer.message ?? "" }),
  });

  if (sentTo) {
    return (
      <FormOutcome
        heading="Check your email"
        next={
          <a href="/login" className="font-medium text-brand-700 underline dark:text-brand-100">
            Back to login
          </a>
        }
      >
        <p>{sentTo.message}</p>
        <p>
          We sent it to <strong>{sentTo.email}</strong>. The link works once and expires in 24
          hours.
        </p>
      </FormOutcome>
    );
  }

  return (
    <form {...form.formProps}>
      <EmailField error={form.errors.email} />
      <SubmitButton form={form} busyLabel="Sending...">
        Send Reset Link
      </SubmitButton>
    </form>
  );
}
