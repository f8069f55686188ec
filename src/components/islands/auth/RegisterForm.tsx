import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { queueFlashToast } from "#client/flash.ts";
import { registerSchema } from "#shared/schemas/auth.ts";
import { EmailField, NewPasswordFields, SubmitButton } from "#components/ui/auth-fields.tsx";
import { Field } from "#components/ui/Field.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { describeSignupFailure, signupWords } from "#i18n/signup.ts";

/** `invite`: the token of the invite link the page was opened with, sent with the form. */
export default function RegisterForm({ invite }: { invite?: string }) {
  const { t, words } = useMessages();
  const signup = useMessages(signupWords);
  const form = useJsonForm<typeof registerSchema, { token?: string }>({
    schema: registerSchema,
    read: (form) => ({
      email: form.get("email"),
      name: form.get("name"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
      invite,
    }),
    path: "/api/auth/register",
    describe: describeSignupFailure,
    errorTitle: "auth.registerError",
    fallbackMessage: "auth.registerUnexpected",
    onSuccess(answer) {
      // Spec §4: with a token the new user is signed in and goes home; otherwise to login.
      if (answer.token) {
        queueFlashToast({
          title: t("auth.registered"),
          description: t("auth.registeredBody"),
          variant: "success",
        });
        location.assign(pageInChosenLanguage("/"));
      } else {
        location.assign("/login?registered=true");
      }
    },
  });

  return (
    <form {...form.formProps} data-ui-words={words}>
      {invite ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{signup.t("register.invited")}</p>
      ) : null}
      <EmailField error={form.errors.email} />
      <Field
        label={t("auth.name")}
        name="name"
        type="text"
        autoComplete="name"
        error={form.errors.name}
      />
      <NewPasswordFields errors={form.errors} />
      <SubmitButton form={form} busyLabel={t("auth.creatingAccount")}>
        {t("auth.createAccount")}
      </SubmitButton>
    </form>
  );
}
