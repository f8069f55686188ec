import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { useState } from "react";
import { queueFlashToast } from "#client/flash.ts";
import { announceSignIn } from "#client/session.ts";
import { loginSchema } from "#shared/schemas/auth.ts";
import { refreshUser } from "#stores/user.ts";
import { showToast } from "#stores/toasts.ts";
import { CurrentPasswordField, EmailField, SubmitButton } from "#components/ui/auth-fields.tsx";
import { ResendVerificationButton } from "#components/ui/ResendVerificationButton.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export default function LoginForm() {
  const { t, words } = useMessages();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useJsonForm<typeof loginSchema, { isVerified?: boolean }>({
    schema: loginSchema,
    read: (form) => ({ email: form.get("email"), password: form.get("password") }),
    path: "/api/auth/login",
    errorTitle: "auth.loginError",
    fallbackMessage: "auth.unexpected",
    onSuccess(answer, input) {
      refreshUser();
      announceSignIn();
      showToast({
        title: t("auth.loginSuccess"),
        description: t("auth.welcomeBack"),
        variant: "success",
      });
      // Spec §4: an unverified user sees the banner with its resend link. It stays until they
      // choose (resend, or continue to the generator): gone after a second, nobody could use it.
      if (answer.isVerified === false) {
        setUnverifiedEmail(input.email);
        return;
      }
      queueFlashToast({
        title: t("auth.signedIn"),
        description: t("auth.readyToWrite"),
        variant: "success",
      });
      setTimeout(() => location.assign(pageInChosenLanguage("/")), 1000);
    },
  });

  return (
    <div data-ui-words={words} className="grid gap-6">
      {unverifiedEmail && (
        <div
          role="status"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-50"
        >
          <p className="font-semibold">{t("verify.required")}</p>
          <p className="mt-1">{t("verify.loginBody")}</p>
          <p className="mt-2 flex flex-wrap gap-4">
            <ResendVerificationButton
              email={unverifiedEmail}
              className="font-semibold underline disabled:opacity-60"
            />
            <a href={pageInChosenLanguage("/")} className="font-semibold underline">
              {t("verify.continue")}
            </a>
          </p>
        </div>
      )}
      <form {...form.formProps}>
        <EmailField error={form.errors.email} />
        <CurrentPasswordField error={form.errors.password} />
        <div className="flex justify-end text-sm">
          <a
            href="/forgot-password"
            className="font-medium text-brand-700 underline dark:text-brand-100"
          >
            {t("auth.forgotLink")}
          </a>
        </div>
        <SubmitButton form={form} busyLabel={t("auth.loggingIn")}>
          {t("auth.login")}
        </SubmitButton>
      </form>
    </div>
  );
}
