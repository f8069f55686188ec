import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { useEffect, useState } from "react";
import { resetPasswordFormSchema } from "#shared/schemas/auth.ts";
import { buttonClass } from "#components/ui/Field.tsx";
import { FormOutcome, NewPasswordFields, SubmitButton } from "#components/ui/auth-fields.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";
import { useMessages } from "#components/ui/use-messages.ts";
const REDIRECT_DELAY_MS = 3000;

export default function ResetPasswordForm() {
  const { t, words } = useMessages();
  // undefined until the address has been read in the browser.
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const value = new URLSearchParams(location.search).get("token");
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once hydrated: the server-rendered HTML has none
    setToken(value || null);
    if (value) {
      // Keep the token out of history and of any later Referer.
      history.replaceState(null, "", location.pathname);
    } else {
      const timer = setTimeout(() => location.assign(pageInChosenLanguage("/")), REDIRECT_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, []);

  const form = useJsonForm({
    schema: resetPasswordFormSchema,
    read: (form) => ({
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    }),
    path: "/api/auth/reset-password",
    body: (input) => ({ token, newPassword: input.password }),
    errorTitle: "auth.resetError",
    fallbackMessage: "auth.somethingWrong",
    onSuccess: () => setDone(true),
  });

  if (token === undefined) {
    return (
      <p data-ui-words={words} className="text-slate-600 dark:text-slate-400">
        {t("common.loading")}
      </p>
    );
  }
  if (token === null) {
    return (
      <div
        data-ui-words={words}
        role="alert"
        className="grid gap-2 text-slate-700 dark:text-slate-300"
      >
        <p className="font-semibold text-red-700 dark:text-red-400">
          {t("failure.resetTokenMissing")}
        </p>
        <p>{t("auth.toHome")}</p>
      </div>
    );
  }
  if (done) {
    return (
      <FormOutcome
        heading={t("auth.passwordUpdated")}
        next={
          <a href="/login" className={buttonClass}>
            {t("auth.goToLogin")}
          </a>
        }
      >
        <p>{t("auth.passwordUpdatedBody")}</p>
      </FormOutcome>
    );
  }
  return (
    <form {...form.formProps} data-ui-words={words}>
      <NewPasswordFields errors={form.errors} reset />
      <SubmitButton form={form} busyLabel={t("auth.saving")}>
        {t("auth.resetPassword")}
      </SubmitButton>
    </form>
  );
}
