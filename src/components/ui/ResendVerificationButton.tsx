import { useState } from "react";
import { resendVerificationEmail } from "#stores/user.ts";
import { useMessages } from "./use-messages.ts";

/** Sends a new verification link to `email`; busy (and disabled) while it is on its way. */
export function ResendVerificationButton({
  email,
  className,
}: {
  email: string;
  className: string;
}) {
  const [sending, setSending] = useState(false);
  const { t } = useMessages();
  async function resend() {
    setSending(true);
    try {
      await resendVerificationEmail(email);
    } finally {
      setSending(false);
    }
  }
  return (
    <button type="button" onClick={resend} disabled={sending} className={className}>
      {sending ? t("verify.sending") : t("verify.resend")}
    </button>
  );
}
