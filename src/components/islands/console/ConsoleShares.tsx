import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { Field } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { consoleWords } from "#i18n/console.ts";
import { shareWords } from "#i18n/shares.ts";
import { shareIdIn } from "#shared/shares.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { dangerButton } from "./accounts/account-look.ts";
import { OutcomeLine, type Outcome } from "./accounts/outcome.tsx";

/** Takes a share link down: the operator pastes it, the server deletes it and audits that. */
export default function ConsoleShares() {
  const { t } = useMessages(consoleWords);
  const { t: s } = useMessages(shareWords);
  const [pasted, setPasted] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const id = shareIdIn(pasted);
    if (!id) {
      setOutcome({ ok: false, message: s("share.console.invalid") });
      return;
    }
    setBusy(true);
    try {
      const { ok, body } = await apiFetch(`/api/console/shares/${id}`, { method: "DELETE" });
      setOutcome({ ok, message: body.message ?? t("loadFailed") });
      if (ok) {
        setPasted("");
        noteConsoleChange();
      }
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="mt-3 grid max-w-xl gap-3" aria-label={t("shares.heading")}>
      <p className="text-slate-600 dark:text-slate-400">{s("share.console.intro")}</p>
      <Field
        label={s("share.console.link")}
        autoComplete="off"
        value={pasted}
        onChange={(event) => setPasted(event.target.value)}
      />
      <div>
        <button type="submit" className={dangerButton} disabled={busy || !pasted.trim()}>
          {s("share.console.takeDown")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
