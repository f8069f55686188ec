import { useState, type FormEvent } from "react";
import { apiFetch } from "#client/http.ts";
import { buttonClass, Field, issueErrors } from "#components/ui/Field.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import {
  describeSignupFailure,
  describeSignupFieldFailures,
  signupWords,
  wordSignupRules,
} from "#i18n/signup.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";
import type { MadeInvite } from "#shared/api/signup.ts";
import { newInviteSchema } from "#shared/schemas/signup.ts";
import { secondaryButton } from "../accounts/account-look.ts";
import { OutcomeLine, type Outcome } from "../accounts/outcome.tsx";

const WEEK_MS = 7 * 86_400_000;

/** A moment as a `datetime-local` input writes it, in the browser's time zone. */
function localInput(date: Date): string {
  const shifted = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** What the form sends: the local expiry as an instant; a blank one stays blank. */
function inviteInput(form: FormData) {
  const expires = String(form.get("expiresAt") ?? "");
  const at = new Date(expires);
  return {
    maxUses: Number(form.get("maxUses")),
    expiresAt: expires && !Number.isNaN(at.getTime()) ? at.toISOString() : expires,
    label: String(form.get("label") ?? ""),
  };
}

/** Makes an invite link and shows it once, to copy. */
export function MakeInvite({ onMade }: { onMade(): void }) {
  const { t, language } = useMessages(signupWords);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [link, setLink] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [defaultExpiry] = useState(() => localInput(new Date(Date.now() + WEEK_MS)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inviteInput(new FormData(event.currentTarget));
    const parsed = newInviteSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(wordSignupRules(language, issueErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    setBusy(true);
    setCopied(false);
    try {
      const { ok, body } = await apiFetch<MadeInvite & FailedAnswer>(
        "/api/console/signup/invites",
        {
          json: input,
        },
      );
      if (ok) {
        setLink(body.url ?? null);
        setOutcome({ ok, message: t("signup.invite.made") });
        onMade();
      } else {
        setErrors(describeSignupFieldFailures(language, body));
        setOutcome({ ok, message: describeSignupFailure(language, body) ?? body.message ?? "" });
      }
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) return;
    await navigator.clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div className="grid max-w-xl gap-4">
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4"
        aria-label={t("signup.invite.make")}
      >
        <Field
          label={t("signup.invite.uses")}
          name="maxUses"
          type="number"
          min={1}
          defaultValue={1}
          error={errors.maxUses}
        />
        <Field
          label={t("signup.invite.expires")}
          name="expiresAt"
          type="datetime-local"
          defaultValue={defaultExpiry}
          error={errors.expiresAt}
        />
        <Field
          label={t("signup.invite.label")}
          name="label"
          autoComplete="off"
          error={errors.label}
        />
        <div>
          <button type="submit" className={buttonClass} disabled={busy}>
            {t("signup.invite.make")}
          </button>
        </div>
      </form>
      <OutcomeLine outcome={outcome} />
      {link ? (
        <div className="grid gap-2">
          <Field
            label={t("signup.invite.link")}
            value={link}
            readOnly
            onFocus={(e) => e.target.select()}
          />
          <div className="flex items-center gap-3">
            <button type="button" className={secondaryButton} onClick={() => void copy()}>
              {t("signup.invite.copy")}
            </button>
            {copied ? (
              <span role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
                {t("signup.invite.copied")}
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
