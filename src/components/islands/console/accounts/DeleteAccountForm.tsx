import { useState, type FormEvent } from "react";
import { Field } from "#components/ui/Field.tsx";
import { consoleWords } from "#i18n/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import type { AccountDetail } from "#shared/console.ts";
import { dangerButton } from "./account-look.ts";
import { OutcomeLine, postAction, type Outcome } from "./outcome.tsx";

/** Deletes the account once the operator has typed its address. */
export function DeleteAccountForm({
  account,
  onDeleted,
}: {
  account: AccountDetail["account"];
  onDeleted(): void;
}) {
  const { t } = useMessages(consoleWords);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const matches = typed.trim().toLowerCase() === account.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await postAction("/api/console/delete-account", {
      userId: account.id,
      email: typed,
    });
    setBusy(false);
    if (result.ok) onDeleted();
    else setOutcome(result);
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3" aria-label={t("account.delete")}>
      <Field
        label={t("account.delete.confirm")}
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div>
        <button type="submit" className={dangerButton} disabled={!matches || busy}>
          {t("account.delete.submit")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
