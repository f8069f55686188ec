import { useState } from "react";
import { signOut } from "#client/session.ts";
import { clearClientData } from "#stores/query.ts";
import { useMessages } from "#components/ui/use-messages.ts";

export default function LogoutButton() {
  const [busy, setBusy] = useState(false);
  const { t, words } = useMessages();
  return (
    <button
      data-ui-words={words}
      type="button"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        clearClientData();
        void signOut();
      }}
      className="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
    >
      {busy ? t("profile.loggingOut") : t("nav.logout")}
    </button>
  );
}
