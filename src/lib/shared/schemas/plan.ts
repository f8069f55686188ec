import { z } from "#shared/zod.ts";
import type { PlanNumbers } from "#shared/plan.ts";

/**
 * The console's plan forms (issue 29, decision 071): the numbers in force and named plans.
 * Each field has one rule, worded once; the console words it in the chosen language by
 * the field's name (`plans.error.<field>`).
 */

/** Each number's range, and its English wording. */
export const PLAN_RULES = {
  weeklyAllowance: { min: 0, max: 1_000_000, step: 1 },
  costPerText: { min: 10, max: 10_000, step: 10 },
  trialCredits: { min: 0, max: 1_000_000, step: 1 },
  trialTextsPerNetwork: { min: 0, max: 1_000, step: 1 },
  adReward: { min: 0, max: 100_000, step: 1 },
  adsPerDay: { min: 0, max: 100, step: 1 },
  resetDay: { min: 0, max: 6, step: 1 },
} as const satisfies Record<keyof PlanNumbers, { min: number; max: number; step: number }>;

export const PLAN_MESSAGES: Record<keyof PlanNumbers | "name", string> = {
  weeklyAllowance: "The weekly allowance is a whole number from 0 to 1,000,000.",
  costPerText: "The cost of a text is a multiple of 10 from 10 to 10,000.",
  trialCredits:
    "The trial is a whole number of credits from 0 to 1,000,000, and no more than the weekly allowance.",
  trialTextsPerNetwork: "Trial texts per network are a whole number from 0 to 1,000.",
  adReward: "The ad reward is a whole number from 0 to 100,000.",
  adsPerDay: "Ads per day are a whole number from 0 to 100.",
  resetDay: "The reset day is a number from 0 (Sunday) to 6 (Saturday).",
  name: "A plan's name has 1 to 60 characters.",
};

function ruled(field: keyof PlanNumbers) {
  const { min, max, step } = PLAN_RULES[field];
  const message = PLAN_MESSAGES[field];
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .refine((value) => value % step === 0, message);
}

export const planNumbersSchema = z
  .object({
    weeklyAllowance: ruled("weeklyAllowance"),
    costPerText: ruled("costPerText"),
    trialCredits: ruled("trialCredits"),
    trialTextsPerNetwork: ruled("trialTextsPerNetwork"),
    adReward: ruled("adReward"),
    adsPerDay: ruled("adsPerDay"),
    resetDay: ruled("resetDay"),
  })
  .refine((plan) => plan.trialCredits <= plan.weeklyAllowance, {
    message: PLAN_MESSAGES.trialCredits,
    path: ["trialCredits"],
  });

/** A named plan: its name and weekly allowance. */
export const namedPlanSchema = z.object({
  name: z
    .string({ error: PLAN_MESSAGES.name })
    .trim()
    .min(1, PLAN_MESSAGES.name)
    .max(60, PLAN_MESSAGES.name),
  weeklyAllowance: ruled("weeklyAllowance"),
});
export type NamedPlanInput = z.infer<typeof namedPlanSchema>;

const planId = z.uuid({ error: "A valid plan id is required." }).nullable();

/** Gives an account a named plan, or (planId null) takes it back to the plan in force. */
export const accountPlanSchema = z.object({
  userId: z.uuid({ error: "A valid account id is required." }),
  planId,
});

/** An e-mail domain's named plan (null: none). */
export const domainPlanSchema = z.object({
  domain: z
    .string({ error: "Type a domain, such as example.edu." })
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
      error: "Type a domain, such as example.edu.",
    }),
  planId,
});
