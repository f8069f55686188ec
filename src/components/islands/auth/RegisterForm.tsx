import { pageInChosenLanguage } from "#client/chosen-language.ts";
import { queueFlashToast } from "#client/flash.ts";
import { registerSchema } from "#shared/schemas/auth.ts";
import { EmailField, NewPasswordFields, SubmitButton } from "#components/ui/auth-fields.tsx";
import { Field } from "#components/ui/Field.tsx";
import { useJsonForm } from "#components/ui/use-json-form.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export default function RegisterForm() {
  const { t, words } = useMessages();
  const form = useJsonForm<typeof registerSchema, { token?: string }>({
    schema: registerSchema,
    read: (form) => ({
      email: form.get("email"),
      name: form.get("name"),
      password: form.get("password"),
      confirmPassword: form.get("confirmPassword"),
    }),
    path: "/api/auth/register",
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
