import {
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./schema.ts";

/**
 * The operator's plans (issue 29, decision 071): the numbers in force, and named plans
 * given to accounts one by one or by e-mail domain. Balances are not here: they change
 * only through the ledger.
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The numbers in force: one row (id 1), written by the console; no row means the spec's
 * numbers (DEFAULT_PLAN). Read on each request that needs them (decision 061).
 */
export const planSettings = pgTable("plan_settings", {
  id: smallint("id").primaryKey().default(1),
  weeklyAllowance: integer("weekly_allowance").notNull(),
  costPerText: integer("cost_per_text").notNull(),
  trialCredits: integer("trial_credits").notNull(),
  trialTextsPerNetwork: integer("trial_texts_per_network").notNull(),
  adReward: integer("ad_reward").notNull(),
  adsPerDay: integer("ads_per_day").notNull(),
  resetDay: smallint("reset_day").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A named plan ("Team: 5,000 a week"): a weekly allowance of its own. */
export const namedPlans = pgTable(
  "named_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    weeklyAllowance: integer("weekly_allowance").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("named_plans_name_idx").on(sql`lower(${t.name})`)],
);

/** The named plan an account is on; none: the plan in force. Goes with the account or plan. */
export const accountPlans = pgTable("account_plans", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  planId: uuid("plan_id")
    .notNull()
    .references(() => namedPlans.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * The named plan an e-mail domain's accounts get when their address is verified (the
 * domain in lower case, e.g. `example.edu`).
 */
export const domainPlans = pgTable("domain_plans", {
  domain: text("domain").primaryKey(),
  planId: uuid("plan_id")
    .notNull()
    .references(() => namedPlans.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});
