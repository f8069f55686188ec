/** Set for the browser session once the reminder is closed. */
export const REMINDER_DISMISSED_KEY = "verification-reminder-dismissed";
/** An unverified account is deleted a day after it was made. */
export const DAY_MS = 86_400_000;
