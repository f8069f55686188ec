import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { DEFAULT_PLAN, type PlanNumbers } from "#shared/plan.ts";
import type { NamedPlanInput } from "#shared/schemas/plan.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import { weekKey } from "#server/credits/allowances.ts";
import { postCredit } from "#server/credits/ledger.ts";
import { readPlan } from "#server/credits/plan.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { UNIQUE_VIOLATION, sqlState } from "#server/db/errors.ts";
import { accountPlans, domainPlans, namedPlans, planSettings } from "#server/db/plan-tables.ts";
import { users } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { recordOperatorAction } from "./audit.ts";

/**
 * The console's plans (issue 29, decision 071): the numbers in force, and named plans given
 * to accounts or e-mail domains. Every change is audited in its own transaction; balances
 * move only through the ledger.
 */

type Operator = Pick<SessionUser, "id" | "email">;

/** A named plan as the console lists it. */
export interface NamedPlanView {
  id: string;
  name: string;
  weeklyAllowance: number;
  accounts: number;
  domains: string[];
}

/** What the plans form shows: the numbers in force, the defaults and the named plans. */
export async function plansView(db: Database): Promise<{
  plan: PlanNumbers;
  defaults: PlanNumbers;
  namedPlans: NamedPlanView[];
}> {
  const [plan, named] = await Promise.all([
    readPlan(db),
    db
      .select({
        id: namedPlans.id,
        name: namedPlans.name,
        weeklyAllowance: namedPlans.weeklyAllowance,
        accounts: sql<number>`(select count(*)::int from account_plans a where a.plan_id = ${namedPlans.id})`,
        domains: sql<
          string[]
        >`coalesce((select array_agg(d.domain order by d.domain) from domain_plans d where d.plan_id = ${namedPlans.id}), '{}')`,
      })
      .from(namedPlans)
      .orderBy(asc(namedPlans.name)),
  ]);
  return { plan, defaults: DEFAULT_PLAN, namedPlans: named };
}

/** Sets the numbers in force; they apply with each instance's next request. */
export async function savePlanNumbers(
  db: Database,
  operator: Operator,
  numbers: PlanNumbers,
  now: Date,
): Promise<PlanNumbers> {
  return db.transaction(async (tx) => {
    // Two operators saving at once: one after the other, each audited with what it replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(7240101)`);
    const before = await readPlan(tx);
    await tx
      .insert(planSettings)
      .values({ id: 1, ...numbers, updatedAt: now })
      .onConflictDoUpdate({ target: planSettings.id, set: { ...numbers, updatedAt: now } });
    await recordOperatorAction(tx, {
      operator,
      action: "change_plan",
      detail: { before, after: numbers },
      now,
    });
    return numbers;
  });
}

function noPlan(): AppError {
  return new AppError("NOT_FOUND", "There is no plan with this id.");
}

/** Makes a named plan; 409 when one of that name (in any letter case) exists. */
export async function createNamedPlan(
  db: Database,
  operator: Operator,
  input: NamedPlanInput,
  now: Date,
): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(namedPlans)
        .values({ ...input, createdAt: now })
        .returning({ id: namedPlans.id });
      await recordOperatorAction(tx, {
        operator,
        action: "create_plan",
        detail: { planId: row!.id, ...input },
        now,
      });
      return { id: row!.id };
    });
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new AppError("CONFLICT", "A plan of this name exists already.", {
        fieldErrors: { name: ["A plan of this name exists already."] },
      });
    }
    throw error;
  }
}

async function namedPlanIn(tx: Transaction, planId: string) {
  const [plan] = await tx
    .select({ id: namedPlans.id, name: namedPlans.name, allowance: namedPlans.weeklyAllowance })
    .from(namedPlans)
    .where(eq(namedPlans.id, planId));
  if (!plan) throw noPlan();
  return plan;
}

/**
 * Puts an account on a named plan, or back on the plan in force (`planId` null). This
 * week's balance: a verified account whose allowance rises is raised to it at once (one
 * ledger line, as the weekly grant would); a lower allowance takes nothing back and applies
 * from the next reset. Returns the balance after it.
 */
export async function setAccountPlan(
  db: Database,
  operator: Operator,
  { userId, planId }: { userId: string; planId: string | null },
  now: Date,
): Promise<{ credits: number }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!account) throw new AppError("NOT_FOUND", "There is no account with this id.");
    const plan = planId === null ? null : await namedPlanIn(tx, planId);
    if (plan) {
      await tx
        .insert(accountPlans)
        .values({ userId, planId: plan.id, createdAt: now })
        .onConflictDoUpdate({
          target: accountPlans.userId,
          set: { planId: plan.id, createdAt: now },
        });
    } else {
      await tx.delete(accountPlans).where(eq(accountPlans.userId, userId));
    }
    const credits = await raiseToPlan(tx, account, now);
    await recordOperatorAction(tx, {
      operator,
      action: "set_account_plan",
      target: account,
      detail: { planId: plan?.id ?? null, plan: plan?.name ?? null },
      now,
    });
    return { credits };
  });
}

/** Raises a verified account to its plan's allowance now, if that is above its balance. */
async function raiseToPlan(
  tx: Transaction,
  account: { id: string; verified: boolean },
  now: Date,
): Promise<number> {
  const plan = await readPlan(tx, account.id);
  const [row] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, account.id));
  const credits = row?.credits ?? 0;
  const delta = plan.weeklyAllowance - credits;
  if (!account.verified || delta <= 0) return credits;
  const week = weekKey(now, plan.resetDay);
  return (await postCredit(
    tx,
    { kind: "user", userId: account.id },
    { delta, reason: "operator_grant", key: `plan:${account.id}:${week}:${randomUUID()}`, now },
  ))!;
}

/**
 * Gives an e-mail domain a named plan (or none, `planId` null): an account of that domain
 * is put on it when its address is verified. Accounts verified before keep their plan.
 */
export async function setDomainPlan(
  db: Database,
  operator: Operator,
  { domain, planId }: { domain: string; planId: string | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = planId === null ? null : await namedPlanIn(tx, planId);
    if (plan) {
      await tx
        .insert(domainPlans)
        .values({ domain, planId: plan.id, createdAt: now })
        .onConflictDoUpdate({
          target: domainPlans.domain,
          set: { planId: plan.id, createdAt: now },
        });
    } else {
      await tx.delete(domainPlans).where(eq(domainPlans.domain, domain));
    }
    await recordOperatorAction(tx, {
      operator,
      action: "set_domain_plan",
      detail: { domain, planId: plan?.id ?? null, plan: plan?.name ?? null },
      now,
    });
  });
}
