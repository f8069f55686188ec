import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimitedError } from "./index.ts";

/**
 * Reads of kept texts (history pages, trial texts, one version's text) are limited by the
 * bytes they send, not only by their count (issue 24): one visitor fetching its longest
 * texts over and over made every other user wait. Each reader, and each network, may be
 * sent so many KiB a minute. A read reserves what the largest answer may weigh before it
 * runs, so that a burst of parallel reads is refused before it loads the server, and gives
 * back what it did not send.
 *
 * In memory, per process, like the API read rate (decision 085): it guards this process,
 * and a database write per read would be the very load it is there to stop.
 */
export const READ_KIB_PER_MINUTE = { reader: 2 * 1024, network: 8 * 1024 } as const;

/** What one read reserves: a list's full texts (256 KiB) and room for its metadata. */
const RESERVED_KIB = 320;

const limiters = {
  reader: new RateLimiterMemory({ points: READ_KIB_PER_MINUTE.reader, duration: 60 }),
  network: new RateLimiterMemory({ points: READ_KIB_PER_MINUTE.network, duration: 60 }),
};

/**
 * Whose reads count together: the account or the guest cookie (known before any query, so
 * that a refusal costs the database nothing), and the client's network.
 */
export interface Reader {
  user: { id: string } | null;
  guestCookie: string | undefined;
  network: string;
}

function keysOf(reader: Reader): [RateLimiterMemory, string][] {
  const keys: [RateLimiterMemory, string][] = [[limiters.network, reader.network]];
  if (reader.user) keys.push([limiters.reader, `user:${reader.user.id}`]);
  else if (reader.guestCookie) keys.push([limiters.reader, `guest:${reader.guestCookie}`]);
  return keys;
}

/**
 * `read()`'s value as JSON, counted against the reader's budgets: 429 with Retry-After,
 * before any work, when either is spent.
 */
export async function budgetedJson(reader: Reader, read: () => Promise<unknown>): Promise<string> {
  const keys = keysOf(reader);
  const reserved: [RateLimiterMemory, string][] = [];
  try {
    for (const [limiter, key] of keys) {
      await limiter.consume(key, RESERVED_KIB);
      reserved.push([limiter, key]);
    }
  } catch (rejection) {
    await Promise.all(reserved.map(([limiter, key]) => limiter.reward(key, RESERVED_KIB)));
    if (rejection instanceof RateLimiterRes) throw rateLimitedError(rejection.msBeforeNext);
    throw rejection;
  }
  let sent = 0;
  try {
    const text = JSON.stringify(await read());
    sent = Math.ceil(Buffer.byteLength(text) / 1024);
    return text;
  } finally {
    const change = RESERVED_KIB - sent;
    await Promise.all(
      keys.map(([limiter, key]) =>
        change >= 0 ? limiter.reward(key, change) : limiter.penalty(key, -change),
      ),
    );
  }
}
