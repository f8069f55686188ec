import { failure, type AppError } from "#server/errors.ts";
import type { FailureReason } from "#shared/failures.ts";

/**
 * DESIGN §4: texts in flight are bounded per account or guest (counted in the database, on
 * every instance: generations.ts) and per client address (counted here, per instance: the
 * share of this instance's writers one network may hold). One more answers 429.
 */

/** How long a turned-away text is asked to wait: about a short text's writing time. */
const TEXTS_IN_FLIGHT_RETRY_AFTER_SECONDS = 10;

export function ownerTextsInFlightError(): AppError {
  return tooMany("ownerTextsInFlight");
}

function tooMany(reason: FailureReason): AppError {
  return failure("RATE_LIMITED", reason, {
    headers: { "Retry-After": String(TEXTS_IN_FLIGHT_RETRY_AFTER_SECONDS) },
    extra: { retryAfter: TEXTS_IN_FLIGHT_RETRY_AFTER_SECONDS },
  });
}

const writingFor = new Map<string, number>();

/**
 * Counts one text of `address` as being written, or throws 429 when the address already
 * has `limit`. Returns the release, which is safe to call more than once.
 */
export function admitAddressText(address: string, limit: number): () => void {
  const count = writingFor.get(address) ?? 0;
  if (count >= limit) throw tooMany("addressTextsInFlight");
  writingFor.set(address, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (writingFor.get(address) ?? 1) - 1;
    if (left > 0) writingFor.set(address, left);
    else writingFor.delete(address);
  };
}
