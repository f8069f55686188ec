import type { RegisterInput } from "#shared/schemas/auth.ts";
import { registerAccount, type Registration } from "#server/auth/accounts.ts";
import type { Database } from "#server/db/index.ts";
import { moveGuestHistory } from "#server/generation/guest-texts.ts";
import { getLogger } from "#server/logger.ts";
import { admitRegistration } from "#server/signup/admission.ts";
import { giveInviteUseBack } from "#server/signup/invites.ts";

/**
 * Registration from a browser: a new account, signed in, that finds the texts of this
 * browser's trial (`guestId`) in its history (DESIGN §5); the trial's credits stay behind.
 * The texts move in the account's own transaction, so it never exists without them. Above
 * auth/ and generation/, so that neither imports the other.
 *
 * The sign-up rules are checked first (decision 058). An invite's use is counted apart
 * from the account's transaction, which a taken address rolls back: an invite used for a
 * taken address is used all the same, or reusing it would tell the two apart. It is given
 * back only when the registration fails.
 */
export async function registerKeepingGuestTexts(
  db: Database,
  input: RegisterInput,
  now: Date,
  guestId: string | undefined,
): Promise<Registration> {
  const { inviteId } = await admitRegistration(db, input.email, input.invite, now);
  try {
    return await registerAccount(
      db,
      input,
      now,
      guestId ? (tx, userId) => moveGuestHistory(tx, guestId, userId) : undefined,
    );
  } catch (error) {
    if (inviteId) {
      await giveInviteUseBack(db, inviteId).catch((failed: unknown) =>
        getLogger().error({ err: failed }, "could not give an invite's use back"),
      );
    }
    throw error;
  }
}
