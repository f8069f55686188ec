import type { RegisterInput } from "#shared/schemas/auth.ts";
import { registerAccount } from "#server/auth/accounts.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import type { Database } from "#server/db/index.ts";

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
