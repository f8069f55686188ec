import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { apiFetch } from "#client/http.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { consoleWords } from "#i18n/console.ts";
import { signupWords } from "#i18n/signup.ts";
import type { SignupOverview } from "#shared/api/signup.ts";
import { $consoleChanges, noteConsoleChange } from "#stores/console.ts";
import LoadFailed from "./LoadFailed.tsx";
import { InviteList } from "./signup/InviteList.tsx";
import { MakeInvite } from "./signup/MakeInvite.tsx";
import { RulesForm } from "./signup/RulesForm.tsx";

/** Who may sign up (issue 29, item 2): the rule, and the invites with their links. */
export default function ConsoleSignup() {
  const { t } = useMessages(signupWords);
  const { t: c } = useMessages(consoleWords);
  const changes = useStore($consoleChanges);
  const [overview, setOverview] = useState<SignupOverview | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Read again after each console change (this section's own included).
  useEffect(() => {
    let cancelled = false;
    apiFetch<SignupOverview>("/api/console/signup")
      .then(({ ok, body }) => {
        if (cancelled) return;
        setFailed(!ok);
        if (ok) setOverview(body as SignupOverview);
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [changes, attempt]);

  const changed = noteConsoleChange;

  if (failed) return <LoadFailed onRetry={() => setAttempt(attempt + 1)} />;
  if (!overview) return <p className="mt-3 text-slate-600 dark:text-slate-400">{c("loading")}</p>;
  return (
    <div className="mt-3 grid gap-8">
      <p className="text-slate-600 dark:text-slate-400">{t("signup.intro")}</p>
      <RulesForm rules={overview.rules} onSaved={changed} />
      <section aria-labelledby="console-invites-heading" className="grid gap-4">
        <h3
          id="console-invites-heading"
          className="text-lg font-semibold text-slate-900 dark:text-white"
        >
          {t("signup.invites")}
        </h3>
        <MakeInvite onMade={changed} />
        <InviteList invites={overview.invites} onRevoked={changed} />
      </section>
    </div>
  );
}
