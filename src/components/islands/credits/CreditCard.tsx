import { useStore } from "@nanostores/react";
import { resetNotice, textsLeft } from "#shared/credits.ts";
import { $creditStatus } from "#stores/credits.ts";

const GUEST_EXHAUSTED = "Your free trial has ended. Create an account for more usage.";
const USER_EXHAUSTED = "Credits exhausted. Wait for weekly reset.";
const UNVERIFIED_EXHAUSTED = "Verify your email to unlock 1000 weekly credits.";

/** The home page's credit status widget (spec §2, §4). */
export default function CreditCard() {
  const { data, error, loading } = useStore($creditStatus);

  if (!data) {
    return (
      <div
        aria-live="polite"
        className="min-h-16 rounded-lg bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300"
      >
        {error && !loading ? "Could not load your credits." : "Loading..."}
      </div>
    );
  }

  const reset = resetNotice(data.nextResetTime, new Date());
  const exhausted = data.credits < data.costPerUse;
  return (
    <div className="min-h-16 rounded-lg bg-brand-50 p-3 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p>
          <span className="text-lg font-bold text-slate-900 dark:text-white">{data.credits}</span>{" "}
          credits
          <span className="text-slate-600 dark:text-slate-300"> • {textsLeft(data.credits)}</span>
        </p>
        <p className="text-xs font-medium text-slate-600 dark:text-slate-300">
          {data.packageName}
          {reset && <> • {reset}</>}
        </p>
      </div>
      {exhausted && (
        <p role="status" className="mt-2 font-medium text-red-800 dark:text-red-300">
          {data.isGuest ? (
            <>
              {GUEST_EXHAUSTED}{" "}
              <a href="/register" className="underline">
                Register
              </a>
            </>
          ) : data.isVerified ? (
            USER_EXHAUSTED
          ) : (
            UNVERIFIED_EXHAUSTED
          )}
        </p>
      )}
      {!data.isGuest && data.isVerified && !exhausted && (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          Need more?{" "}
          <a href="/credits" className="underline">
            Earn credits by watching short ads
          </a>
          .
        </p>
      )}
    </div>
  );
}
