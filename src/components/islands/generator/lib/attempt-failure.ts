import { messages, type MessageKey } from "#i18n/messages.ts";
import { describeFailure } from "#i18n/wording.ts";
import type { FailedAnswer } from "#shared/api/failures.ts";

/**
 * Why an attempt failed, as keys: a message of the catalog, or the server's failed answer.
 * The panel words it when it shows it, so a language switch re-words a failure on screen.
 */
export type AttemptFailure =
  | { key: MessageKey; values?: Record<string, string | number> }
  | { answer: FailedAnswer; fallback: MessageKey };

/** A failure in the interface's language (DESIGN §7). */
export function wordFailure(language: string, failure: AttemptFailure): string {
  return "key" in failure
    ? messages.translate(language, failure.key, failure.values)
    : describeFailure(language, failure.answer, failure.fallback);
}

/** A refused request's failure: the server's answer, or its bare status when it said nothing. */
export function refusal(status: number, body: FailedAnswer): AttemptFailure {
  return body.message || body.code
    ? { answer: body, fallback: "error.generic" }
    : { key: "error.server", values: { status: String(status) } };
}
