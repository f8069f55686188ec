import { useStore } from "@nanostores/react";
import { lazy, Suspense, useState } from "react";
import { $currentUser } from "#stores/user.ts";
import { DAY_MS, REMINDER_DISMISSED_KEY } from "./verification-reminder.ts";

/** Only a new, unverified account needs the reminder: its code loads for that account alone. */
const VerificationReminderDialog = lazy(() => import("./VerificationReminderDialog.tsx"));

/**
 * Reminds a new, unverified user to verify before the account is deleted. Eligibility is
 * judged when the page opens; a dialog left open past the deadline stays and says
 * "Account expired".
 */
export default function VerificationReminder() {
  const user = useStore($currentUser).data?.user;
  const [openedAt] = useState(() => Date.now());
  const [dismissed] = useState(() => sessionStorage.getItem(REMINDER_DISMISSED_KEY) === "1");
  const due = user && !user.isVerified && openedAt - new Date(user.createdAt).getTime() < DAY_MS;
  if (!user || !due || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <VerificationReminderDialog user={user} />
    </Suspense>
  );
}
