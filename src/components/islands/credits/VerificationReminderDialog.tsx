import { useEffect, useState } from "react";
import { ResendVerificationButton } from "#components/ui/ResendVerificationButton.tsx";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { fillNodes } from "#components/ui/message-nodes.tsx";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";
import { DAY_MS, REMINDER_DISMISSED_KEY } from "./verification-reminder.ts";

/** Spec §4: "Xh Ym remaining", or "Account expired" once the 24 hours are over. */
export function remainingText(createdAt: string, now: number, t: Translate): string {
  const left = new Date(createdAt).getTime() + DAY_MS - now;
  if (left <= 0) return t("reminder.expired");
  const minutes = Math.floor(left / 60_000);
  return t("reminder.remaining", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The reminder itself, for a user VerificationReminder found due for one. */
export default function VerificationReminderDialog({
  user,
}: {
  user: { email: string; createdAt: string };
}) {
  const [now, setNow] = useState(() => Date.now());
  const [dismissed, setDismissed] = useState(false);
  const { t } = useMessages();

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  function remindLater() {
    sessionStorage.setItem(REMINDER_DISMISSED_KEY, "1");
    setDismissed(true);
  }

  return (
    <ModalDialog
      open={!dismissed}
      onClose={remindLater}
      title={t("reminder.title")}
      description={<p>{fillNodes(t("reminder.body"), { email: <strong>{user.email}</strong> })}</p>}
    >
      <p className="mt-4 rounded-md bg-yellow-50 px-3 py-2 text-sm font-semibold text-yellow-950 dark:bg-yellow-950 dark:text-yellow-50">
        {remainingText(user.createdAt, now, t)}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <ResendVerificationButton
          email={user.email}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
        />
        <button
          type="button"
          onClick={remindLater}
          className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {t("reminder.later")}
        </button>
      </div>
    </ModalDialog>
  );
}
