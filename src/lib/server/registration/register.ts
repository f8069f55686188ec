import type { RegisterInput } from "#shared/schemas/auth.ts";
import { registerAccount, type Registration } from "#server/auth/accounts.ts";
import type { Database } from "#server/db/index.ts";
import { moveGuestHistory } from "#server/generation/guest-texts.ts";

/**
 * Registration from a browser: a new account, signed in, that finds the texts of this
 * browser's trial (`guestId`) in its history (DESIGN §5); the trial's credits stay behind.
 * The texts move in the account's own transaction, so it never exists without them. Above
 * auth/ and generation/, so that neither imports the other.
 */
export function registerKeepingGuestTexts(
  db: Database,
  input: RegisterInput,
  now: Date,
  guestId: string | undefined,
): Promise<Registration> {
  return registerAccount(
    db,
    input,
    now,
    guestId ? (tx, userId) => moveGuestHistory(tx, guestId, userId) : undefined,
  );
}
