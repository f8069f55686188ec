import { eq } from "drizzle-orm";
import type { RegisterInput } from "#shared/schemas/auth.ts";
import { registerAccount } from "#server/auth/accounts.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import { schema, type Database } from "#server/db/index.ts";

/** A registration that must create its account (the address is new), and its user. */
export async function newAccount(
  db: Database,
  input: RegisterInput,
  now: Date,
): Promise<SessionUser> {
  const registration = await registerAccount(db, input, now);
  if (!registration.created) throw new Error(`${input.email} already has an account`);
  return registration.user;
}

/** The balance kept on the user's row (which the ledger must sum to). */
export async function storedBalance(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ credits: schema.users.credits })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  return row!.credits;
}
