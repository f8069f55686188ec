import { isReasonOf, reasonsOf } from "./failures.ts";
import {
  MAX_INVITE_DAYS,
  MAX_INVITE_LABEL_CHARS,
  MAX_INVITE_USES,
  MAX_SIGNUP_DOMAINS,
} from "./signup.ts";

/**
 * The failures of sign-up rules (issue 29, item 2), in English, by their reason: met on
 * the register page and in the console's sign-up section, never on the home page, so apart
 * from failures.ts (whose words are in the home page's JavaScript). The server answers
 * with them as with the others (errors.ts); src/i18n/signup.ts words them.
 */
export const SIGNUP_FAILURES = {
  signupInviteNeeded:
    "Sign-up here is by invitation only. Please open the invite link you were sent.",
  signupDomainNotAllowed:
    "Sign-up here is open to some e-mail domains only. Please use your organisation's address, or an invite link.",
  signupInviteInvalid: "This invite link is not valid. Please ask for a new one.",
  signupInviteExpired: "This invite link has expired. Please ask for a new one.",
  signupInviteUsedUp:
    "This invite link has been used as many times as it allows. Please ask for a new one.",
  signupModeInvalid: "Please choose who may sign up.",
  signupDomainInvalid: "Please enter domains like example.com, one a line.",
  signupDomainsMissing: "Please list at least one domain, or choose another rule.",
  signupDomainsTooMany: `Please list at most ${MAX_SIGNUP_DOMAINS} domains.`,
  inviteUsesInvalid: `An invite must allow from 1 to ${MAX_INVITE_USES} sign-ups.`,
  inviteExpiryInvalid: "Please choose when the invite expires.",
  inviteExpiryPast: "Please choose an expiry in the future.",
  inviteExpiryTooFar: `An invite can last at most ${MAX_INVITE_DAYS} days.`,
  inviteLabelTooLong: `Please keep the note under ${MAX_INVITE_LABEL_CHARS} characters.`,
  inviteNotFound: "That invite was not found.",
} as const;

export type SignupFailureReason = keyof typeof SIGNUP_FAILURES;

/** Each reason by name, for the sign-up schemas' messages. */
export const SIGNUP_REASON = reasonsOf(SIGNUP_FAILURES);

export function isSignupFailureReason(message: unknown): message is SignupFailureReason {
  return isReasonOf(SIGNUP_FAILURES, message);
}
