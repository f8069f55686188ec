import { eq } from "drizzle-orm";
import type { SignupRules } from "#shared/api/signup.ts";
import type { SignupRulesInput } from "#shared/schemas/signup.ts";
import type { SignupMode } from "#shared/signup.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { signupRules } from "#server/db/signup-tables.ts";

/**
 * Who may register (issue 29, item 2): this module owns `signup_rules`, one row, absent
 * until an operator first sets it (open). Read on every registration, never remembered,
 * so a rule set on one instance holds on every other at once.
 */

const OPEN: SignupRules = { mode: "open", domains: [], updatedAt: null };

export async function readSignupRules(db: Database | Transaction): Promise<SignupRules> {
  const [row] = await db.select().from(signupRules).where(eq(signupRules.id, 1));
  if (!row) return OPEN;
  return {
    mode: row.mode as SignupMode,
    domains: row.domains,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sets the rule; the domains are kept only for the rule that reads them. */
export async function writeSignupRules(
  tx: Database | Transaction,
  input: SignupRulesInput,
  now: Date,
): Promise<SignupRules> {
  const values = {
    mode: input.mode,
    domains: input.mode === "domains" ? input.domains : [],
    updatedAt: now,
  };
  await tx
    .insert(signupRules)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: signupRules.id, set: values });
  return { ...values, updatedAt: now.toISOString() };
}
