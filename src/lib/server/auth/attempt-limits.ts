import type { Database } from "#server/db/index.ts";
import type { ClientNetwork } from "#server/network/client-network.ts";
import { getLogger } from "#server/logger.ts";
import {
  consumeRateLimit,
  isWithinRateLimit,
  refundRateLimit,
  type RateLimitName,
} from "#server/rate-limit/index.ts";
import { signIn, type SignedIn } from "./accounts.ts";

/**
 * Who may try how often (DESIGN §3), after OWASP's "Slow down online guessing attacks
 * with device cookies": a browser that once signed in to an account carries a device
 * cookie for it, and its attempts count against that device alone, so strangers' failures
 * never lock the owner out. Every other attempt shares the account's budget for untrusted
 * clients and its address's budget.
 */
export interface AttemptSource {
  network: ClientNetwork;
  /** The nonce of a valid device cookie for the account tried, or null. */
  deviceNonce: string | null;
}

type Budget = [RateLimitName, string];

function loginBudgets(email: string, source: AttemptSource): Budget[] {
  if (source.deviceNonce) return [["loginByDevice", source.deviceNonce]];
  return [
    ["loginByAddress", source.network],
    ["loginByAccount", email],
  ];
}

/**
 * Signs in unless a budget is spent (429). Only failures count: every attempt takes a
 * point first, so a burst of concurrent guesses cannot overrun the budget, and a success
 * gives its points back.
 */
export async function signInWithinLimits(
  db: Database,
  input: { email: string; password: string },
  source: AttemptSource,
  now: Date,
): Promise<SignedIn> {
  const budgets = loginBudgets(input.email, source);
  for (const [name, key] of budgets) await consumeRateLimit(name, key);
  const signedIn = await signIn(db, input, now);
  // A refund that fails leaves one point counted; it must not turn a sign-in into an error.
  await Promise.all(
    budgets.map(([name, key]) =>
      refundRateLimit(name, key).catch((error: unknown) =>
        getLogger().warn({ err: error, limit: name }, "rate-limit refund failed"),
      ),
    ),
  );
  return signedIn;
}

export type AccountEmailKind = "resetPassword" | "verifyEmail";

const EMAIL_BUDGETS = {
  resetPassword: { account: "forgotPasswordByAccount", device: "forgotPasswordByDevice" },
  verifyEmail: { account: "resendVerificationByAccount", device: "resendVerificationByDevice" },
} as const satisfies Record<AccountEmailKind, { account: RateLimitName; device: RateLimitName }>;

/**
 * Whether a requested e-mail may go out. Never answered: the request gets the same reply
 * either way, so strangers using up an account's budget neither learn anything nor stop
 * the owner, whose device cookie has a budget of its own.
 */
export function mayEmailAccount(
  kind: AccountEmailKind,
  email: string,
  deviceNonce: string | null,
): Promise<boolean> {
  const budget = EMAIL_BUDGETS[kind];
  return deviceNonce
    ? isWithinRateLimit(budget.device, deviceNonce)
    : isWithinRateLimit(budget.account, email);
}
