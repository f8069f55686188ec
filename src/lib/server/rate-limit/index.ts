import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "../db/index.ts";
import { rateLimits } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Limits per client address and per account (DESIGN §8). Counters live in the database
 * (rate-limiter-flexible's Drizzle store), so they hold across restarts and instances.
 */
export const RATE_LIMITS = {
  loginByAddress: { points: 20, duration: 15 * 60 },
  loginByAccount: { points: 10, duration: 15 * 60 },
  registerByAddress: { points: 10, duration: 60 * 60 },
  forgotPasswordByAddress: { points: 10, duration: 60 * 60 },
  forgotPasswordByAccount: { points: 3, duration: 60 * 60 },
  resendVerificationByAddress: { points: 10, duration: 60 * 60 },
  resendVerificationByAccount: { points: 3, duration: 60 * 60 },
  watchAdByAddress: { points: 60, duration: 60 * 60 },
  generateByAddress: { points: 120, duration: 60 },
  testimonialByAddress: { points: 3, duration: 60 * 60 },
  generateByOwner: { points: 60, duration: 60 },
  watchAdByAccount: { points: 30, duration: 60 * 60 },
} as const satisfies Record<string, { points: number; duration: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<RateLimitName, Promise<RateLimiterDrizzle>>();

function limiterFor(name: RateLimitName): Promise<RateLimiterDrizzle> {
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = getDb().then(
      (db) =>
        new RateLimiterDrizzle({
          storeClient: db,
          schema: rateLimits,
          keyPrefix: name,
          ...RATE_LIMITS[name],
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
  return new AppError("RATE_LIMITED", 429, `Too many attempts. Please try again in ${wait}.`, {
    headers: { "Retry-After": String(seconds) },
  });
}

/** Counts one attempt; past the limit throws 429 with Retry-After. */
export async function consumeRateLimit(name: RateLimitName, key: string): Promise<void> {
  const limiter = await limiterFor(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw rateLimitedError(rejection.msBeforeNext);
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      503,
      "The service is busy. Please try again shortly.",
    );
  }
}
