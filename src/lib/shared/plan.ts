import {
  ADS_PER_DAY,
  AD_REWARD,
  COST_PER_USE,
  GUEST_TRIAL_CREDITS,
  WEEKLY_ALLOWANCE,
} from "./credits.ts";

/**
 * The numbers that shape the service (issue 29, decision 071): the operator sets them in
 * the console; the server reads them from the database on each request that needs them.
 */
export interface PlanNumbers {
  /** A verified account's weekly allowance: its balance becomes max(balance, this). */
  weeklyAllowance: number;
  /** A whole text's cost; a text that ends early or a passage change costs a share of it. */
  costPerText: number;
  /** The trial: a guest's credits, and an unverified account's. */
  trialCredits: number;
  /** Trial texts one network may write in 24 hours, guests and unverified accounts together. */
  trialTextsPerNetwork: number;
  /** Credits one watched ad earns. */
  adReward: number;
  /** Ads an account may watch for credits in one UTC day. */
  adsPerDay: number;
  /** The day of the weekly reset, 00:00 UTC: 0 Sunday … 6 Saturday. */
  resetDay: number;
}

/** The spec's numbers: what applies until an operator changes them. */
export const DEFAULT_PLAN: PlanNumbers = {
  weeklyAllowance: WEEKLY_ALLOWANCE,
  costPerText: COST_PER_USE,
  trialCredits: GUEST_TRIAL_CREDITS,
  trialTextsPerNetwork: 10,
  adReward: AD_REWARD,
  adsPerDay: ADS_PER_DAY,
  resetDay: 1,
};

/** `{weeklyAllowance}` in copy (use-case FAQs): where a number of the plan in force is said. */
export const PLAN_SLOT = /\{([^{}]*)\}/g;

/** The plan's numbers copy may name; the reset day is a day, not a number to print. */
export type ShownPlanNumber = Exclude<keyof PlanNumbers, "resetDay">;

/** The slots of `text` that name no number of the plan copy may state. */
export function unknownPlanSlots(text: string): string[] {
  return [...text.matchAll(PLAN_SLOT)]
    .map(([, name]) => name!)
    .filter((name) => name === "resetDay" || !Object.hasOwn(DEFAULT_PLAN, name));
}
