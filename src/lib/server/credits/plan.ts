import { sql } from "drizzle-orm";
import { DEFAULT_PLAN, type PlanNumbers } from "#shared/plan.ts";
import { rowsOf, type Database, type Transaction } from "#server/db/index.ts";

/**
 * The plan in force (issue 29, decision 071): read from the database on each request that
 * needs it, never kept in memory (decision 061), so an operator's change applies on every
 * instance with the next request. No row: the spec's numbers.
 */

/** The plan's numbers as one caller meets them: the allowance is its named plan's, if any. */
export type Plan = PlanNumbers;

interface PlanRow {
  weekly_allowance: number | null;
  cost_per_text: number | null;
  trial_credits: number | null;
  trial_texts_per_network: number | null;
  ad_reward: number | null;
  ads_per_day: number | null;
  reset_day: number | null;
  own_allowance: number | null;
}

/**
 * The plan in force, in one statement; with `userId`, the weekly allowance is that account's
 * named plan's when it is on one.
 */
export async function readPlan(db: Database | Transaction, userId?: string): Promise<Plan> {
  const own = userId
    ? sql`(select n.weekly_allowance from account_plans a join named_plans n on n.id = a.plan_id where a.user_id = ${userId})`
    : sql`null::integer`;
  const [row] = rowsOf<PlanRow>(
    await db.execute(sql`
    select p.weekly_allowance, p.cost_per_text, p.trial_credits, p.trial_texts_per_network,
      p.ad_reward, p.ads_per_day, p.reset_day, ${own} as own_allowance
    from (select 1) as one left join plan_settings p on p.id = 1`),
  );
  if (!row || row.cost_per_text === null) {
    return { ...DEFAULT_PLAN, weeklyAllowance: row?.own_allowance ?? DEFAULT_PLAN.weeklyAllowance };
  }
  return {
    weeklyAllowance: row.own_allowance ?? row.weekly_allowance!,
    costPerText: row.cost_per_text,
    trialCredits: row.trial_credits!,
    trialTextsPerNetwork: row.trial_texts_per_network!,
    adReward: row.ad_reward!,
    adsPerDay: row.ads_per_day!,
    resetDay: row.reset_day!,
  };
}

/**
 * At verification: an account of a domain with a named plan, and on none yet, is put on
 * it, inside the verification's transaction (before its allowance is read).
 */
export async function applyDomainPlan(
  tx: Transaction,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  await tx.execute(sql`
    insert into account_plans (user_id, plan_id, created_at)
    select ${userId}, d.plan_id, ${now} from domain_plans d where d.domain = ${domain}
    on conflict (user_id) do nothing`);
}
