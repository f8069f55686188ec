import { useState } from "react";
import { emailOnlySchema } from "#shared/schemas/auth.ts";
import { EmailField, FormOutcome, SubmitButton } from "#components/ui/auth-fields.tsx";
import { fillNodes } from "#components/ui/message-nodes.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export default function ForgotPasswordForm() {
  const { t, words } = useMessages();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useJsonForm({
    schema: emailOnlySchema,
    read: (form) => ({ email: form.get("email") }),
    path: "/api/auth/forgot-password",
    errorTitle: "common.error",
    fallbackMessage: "auth.somethingWrong",
    // The server's message is English; the page says the same in the chosen language.
    onSuccess: (_answer, input) => setSentTo(input.email),
  });

  if (sentTo) {
    return (
      <FormOutcome
        heading={t("auth.checkEmail")}
        next={
          <a href="/login" className="font-medium text-brand-700 underline dark:text-brand-100">
            {t("auth.backToLogin")}
          </a>
        }
      >
        <p>{t("auth.resetSent")}</p>
        <p>{fillNodes(t("auth.sentTo"), { email: <strong>{sentTo}</strong> })}</p>
      </FormOutcome>
    );
  }

  return (
    <form {...form.formProps} data-ui-words={words}>
      <EmailField error={form.errors.email} />
      <SubmitButton form={form} busyLabel={t("auth.sending")}>
        {t("auth.sendLink")}
      </SubmitButton>
    </form>
  );
}
