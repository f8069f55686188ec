import { isReasonOf, reasonsOf } from "./failures.ts";

/**
 * API keys (issue 29): what a key looks like, how many an account keeps, and the failures
 * met only on the profile's API keys section, by their reason (the server answers with
 * their English, src/i18n/api-keys.ts words them).
 */

/** Every key starts with this, so that a leaked key is recognised (by people and scanners). */
export const API_KEY_PREFIX = "atg_";
/** How many characters of a key its list shows, the prefix included. */
export const API_KEY_SHOWN_CHARS = 12;
/** Active keys an account may have. */
export const MAX_API_KEYS = 10;
export const MAX_API_KEY_NAME_CHARS = 60;

export const API_KEY_FAILURES = {
  apiKeyNameMissing: "Please give the key a name.",
  apiKeyNameTooLong: `Please keep the key's name under ${MAX_API_KEY_NAME_CHARS} characters.`,
  apiKeyLimit: `You can have up to ${MAX_API_KEYS} API keys. Revoke one to add another.`,
  apiKeyUnverified: "Verify your email address to create API keys.",
  apiKeyNotFound: "That API key was not found.",
  apiKeyInvalid: "The API key is not valid.",
  apiKeyNotAllowed:
    "An API key cannot be used here. Keys work on generation, history and templates.",
} as const;

export type ApiKeyFailureReason = keyof typeof API_KEY_FAILURES;

export const API_KEY_REASON = reasonsOf(API_KEY_FAILURES);

export function isApiKeyFailureReason(message: unknown): message is ApiKeyFailureReason {
  return isReasonOf(API_KEY_FAILURES, message);
}
