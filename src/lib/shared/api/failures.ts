import type { ApiKeyFailureReason } from "#shared/api-keys.ts";
import type { FailureReason } from "#shared/failures.ts";
import type { LibraryFailureReason } from "#shared/library-failures.ts";
import type { SignupFailureReason } from "#shared/signup-failures.ts";

type Reason = FailureReason | LibraryFailureReason | ApiKeyFailureReason | SignupFailureReason;

/**
 * Every failed /api answer (DESIGN §8), written by the server's `failureBody`. `message`
 * and `fieldErrors` are English, for API users; `reason` and `fieldReasons` are the stable
 * keys of src/lib/shared/failures.ts, which the web app words in the chosen language.
 * Some failures add their own fields (`isGuest` on a 402 for a text).
 */
export interface FailureBody<Code extends string = string> {
  success: false;
  message: string;
  code: Code;
  /** Which shared failure this is, when its code alone does not say. */
  reason?: Reason;
  /** Each field's problems, in English. */
  fieldErrors?: Record<string, string[]>;
  /** The reasons of a field's problems, one for each of its `fieldErrors`, when all have one. */
  fieldReasons?: Record<string, Reason[]>;
  /** A 429's wait in seconds, as its `Retry-After` header. */
  retryAfter?: number;
}

/** A failed answer as the web app reads it: any part may be missing (no JSON, a proxy's page). */
export type FailedAnswer = Partial<Omit<FailureBody, "success">>;
