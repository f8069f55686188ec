import { useState } from "react";
import { apiFetch } from "#client/http.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { describeSignupFailure, signupWords } from "#i18n/signup.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import type { InviteView } from "#shared/api/signup.ts";
import { cell, dangerButton, when } from "../accounts/account-look.ts";
import { OutcomeLine, type Outcome } from "../accounts/outcome.tsx";

/** The invites, newest first: what each is for, how far used, until when; revoke an active one. */
export function InviteList({ invites, onRevoked }: { invites: InviteView[]; onRevoked(): void }) {
  const { t, language } = useMessages(signupWords);
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function revoke(invite: InviteView) {
    setBusy(invite.id);
    try {
      const { ok, body } = await apiFetch<FailedAnswer>(
        `/api/console/signup/invites/${invite.id}`,
        {
          method: "DELETE",
        },
      );
      setOutcome({
        ok,
        message: ok
          ? t("signup.invite.revoked")
          : (describeSignupFailure(language, body) ?? body.message ?? ""),
      });
      if (ok) onRevoked();
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  if (invites.length === 0) {
    return <p className="text-slate-600 dark:text-slate-400">{t("signup.invite.none")}</p>;
  }
  return (
    <div>
      <ul className="grid gap-2 text-sm" aria-label={t("signup.invites")}>
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
          >
            <span className={cell}>
              <span className="font-semibold">{t(`signup.state.${invite.state}`)}</span>
              {invite.label ? ` · ${invite.label}` : ""} ·{" "}
              {t("signup.invite.usage", { uses: invite.uses, max: invite.maxUses })} ·{" "}
              {t("signup.invite.until", { date: when(invite.expiresAt) })} ·{" "}
              {t("signup.invite.by", { email: invite.createdByEmail })}
            </span>
            {invite.state === "active" ? (
              <button
                type="button"
                className={dangerButton}
                disabled={busy === invite.id}
                onClick={() => void revoke(invite)}
                aria-label={`${t("signup.invite.revoke")}: ${invite.label ?? when(invite.createdAt)}`}
              >
                {t("signup.invite.revoke")}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <OutcomeLine outcome={outcome} />
    </div>
  );
}
