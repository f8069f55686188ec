/**
 * English messages of failures a user can meet on the site, for answers whose `code` alone
 * does not say which one it was (a 401 at login, a 402 for a guest or an unverified account).
 * The server answers with them; the client words each in the chosen language through the
 * catalog (src/i18n, `failure.*` keys), so both sides read them from here.
 */
export const FAILURES = {
  invalidCredentials: "Invalid email or password.",
  commonPassword: "This password is too common. Please choose a less predictable one.",
  invalidResetToken: "This password reset link is invalid or has expired.",
  guestExhausted: "Your free trial has ended. Create an account for more usage.",
  userExhausted: "Credits exhausted. Wait for weekly reset.",
  unverifiedExhausted: "Verify your email to unlock 1000 weekly credits.",
  textNotFound: "That text was not found.",
  needsAiWriter: "Refining a text needs an AI writer, and none is ready yet.",
  cancelled: "The generation was cancelled.",
  writersBusy:
    "The writer is busy with other texts right now. Your credits have been refunded. Please try again in a few seconds.",
  allProvidersFailed:
    "The text could not be generated right now. Your credits have been refunded. Please try again.",
  leaseLost:
    "The text took too long to be kept, so your credits have been refunded. Please try again.",
} as const;
