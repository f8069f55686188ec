import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "#server/config.ts";
import { getDb } from "#server/db/index.ts";
import { rateLimits } from "#server/db/schema.ts";
import { databaseUnavailableError } from "#server/db/errors.ts";
import { AppError } from "#server/errors.ts";
import { getLogger } from "#server/logger.ts";

/**
 * Limits per client address and per account (DESIGN §8). Counters live in the database
 * (rate-limiter-flexible's Drizzle store), so they hold across restarts and instances.
 */
export const RATE_LIMITS = {
  // Login failures (auth/attempt-limits.ts): by address and account without a device
  // cookie, by device with one.
  loginByAddress: { points: 20, duration: 15 * 60 },
  loginByAccount: { points: 10, duration: 15 * 60 },
  loginByDevice: { points: 10, duration: 15 * 60 },
  // A classroom behind one address registers in one lesson; its accounts still share the
  // network's ten trial texts a day until each verifies from a mailbox (decision 085).
  registerByAddress: { points: 50, duration: 60 * 60 },
  forgotPasswordByAddress: { points: 10, duration: 60 * 60 },
  // E-mails sent, not requests answered: past these the answer is the same, without a mail.
  forgotPasswordByAccount: { points: 3, duration: 60 * 60 },
  forgotPasswordByDevice: { points: 3, duration: 60 * 60 },
  resetPasswordByAddress: { points: 10, duration: 15 * 60 },
  resendVerificationByAddress: { points: 10, duration: 60 * 60 },
  resendVerificationByAccount: { points: 3, duration: 60 * 60 },
  resendVerificationByDevice: { points: 3, duration: 60 * 60 },
  // Notices to an address's owner that someone registered it again.
  registrationNoticeByAccount: { points: 3, duration: 60 * 60 },
  watchAdByAddress: { points: 60, duration: 60 * 60 },
  // Five ads a day need a handful of asks; a page left open re-asks at most once a load.
  adSessionByAddress: { points: 120, duration: 60 * 60 },
  adSessionByAccount: { points: 60, duration: 60 * 60 },
  generateByAddress: { points: 120, duration: 60 },
  testimonialByAddress: { points: 3, duration: 60 * 60 },
  generateByOwner: { points: 60, duration: 60 },
  // Edits are free versions: a writer saves a handful an hour, not hundreds a day.
  editByOwner: { points: 200, duration: 24 * 60 * 60 },
  // "Start from your text" makes a guest for a browser without one: a network's own texts
  // are bounded before any guest or row is made.
  ownTextByAddress: { points: 60, duration: 60 * 60 },
  watchAdByAccount: { points: 30, duration: 60 * 60 },
  // Saving, changing and deleting voices: a person manages ten, not hundreds an hour.
  voicesByAccount: { points: 120, duration: 60 * 60 },
  // Making, renaming and deleting folders and filing texts: a person tidying a library
  // files a few hundred texts an hour, not thousands.
  foldersByAccount: { points: 600, duration: 60 * 60 },
  // Saving, renaming, changing and deleting templates: fifty kept, tidied now and then.
  templatesByAccount: { points: 200, duration: 60 * 60 },
  // The whole library as a zip reads every text an account kept: a person takes it now
  // and then, and a retry or two after a dropped connection.
  exportByAccount: { points: 5, duration: 60 * 60 },
  // Making share links: a person shares a few texts a day, not a page a minute.
  sharesByAccount: { points: 30, duration: 60 * 60 },
  // Making and revoking API keys: ten kept, replaced now and then.
  apiKeysByAccount: { points: 30, duration: 60 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

/**
 * Each API key's own limit (issue 29): its requests a minute on every instance together,
 * whoever's network sends them, besides the limits of the account and the address.
 */
const API_KEY_LIMIT = "apiKeyRequests";

export type RateLimitName = keyof typeof RATE_LIMITS | typeof API_KEY_LIMIT;

function settingsOf(name: RateLimitName): { points: number; duration: number } {
  if (name === API_KEY_LIMIT)
    return { points: getConfig().API_KEY_REQUESTS_PER_MINUTE, duration: 60 };
  return RATE_LIMITS[name];
}

const limiters = new Map<RateLimitName, Promise<RateLimiterDrizzle>>();

function limiterFor(name: RateLimitName): Promise<RateLimiterDrizzle> {
  let limiter = limiters.get(name);
  if (!limiter) {
    const settings = settingsOf(name);
    limiter = getDb().then(
      (db) =>
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          ...settings,
          // A key past its limit is refused from memory until its window ends, so a flood
          // costs no database write per request; the database still decides the limit.
          inMemoryBlockOnConsumed: settings.points + 1,
        }),
    );
    limiters.set(name, limiter);
  }
  return limiter;
}

/** Retry-After in whole seconds, never 0. */
export function retryAfterSeconds(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 1000));
}

export function rateLimitedError(msBeforeNext: number): AppError {
  const seconds = retryAfterSeconds(msBeforeNext);
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60 ? `${seconds} seconds` : minutes === 1 ? "1 minute" : `${minutes} minutes`;
  // `retryAfter` lets the page word the wait in the visitor's language (DESIGN §7).
  return new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${wait}.`, {
    headers: { "Retry-After": String(seconds) },
    extra: { retryAfter: seconds },
  });
}

/** The limits are counted in the database: when it fails, the request is told to retry. */
function serviceBusy(failure: unknown): AppError {
  getLogger().warn({ err: failure }, "rate limit store failed");
  return databaseUnavailableError();
}

/** Counts one attempt; past the limit throws 429 with Retry-After. */
export async function consumeRateLimit(name: RateLimitName, key: string): Promise<void> {
  const limiter = await limiterFor(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimitedError(rejection.msBeforeNext);
    throw serviceBusy(rejection);
  }
}

/** Counts one attempt and tells whether it was within the limit, for limits never answered. */
export async function isWithinRateLimit(name: RateLimitName, key: string): Promise<boolean> {
  const limiter = await limiterFor(name);
  try {
    await limiter.consume(key);
    return true;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return false;
    throw serviceBusy(rejection);
  }
}

/**
 * Gives back an attempt counted by consumeRateLimit, for limits that count failures only:
 * counting before the work and refunding a success keeps concurrent attempts within the
 * limit, where counting after a failure would let a burst through.
 */
export async function refundRateLimit(name: RateLimitName, key: string): Promise<void> {
  const limiter = await limiterFor(name);
  await limiter.reward(key);
}
