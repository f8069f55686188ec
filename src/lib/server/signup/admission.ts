import { domainOf } from "#shared/signup.ts";
import type { Database } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { useInvite } from "./invites.ts";
import { readSignupRules } from "./rules.ts";

/**
 * Whether the rules let this address register, judged from the rules, the address's
 * domain and the invite alone: before anything that reads accounts, so a refusal is the
 * same for an address with an account and one without (decision 058). An invite is used
 * only when the rule needs one (invite-only, or an address outside the listed domains);
 * `inviteId` names it, to give its use back if the registration then fails.
 */
export async function admitRegistration(
  db: Database,
  email: string,
  invite: string | undefined,
  now: Date,
): Promise<{ inviteId: string | null }> {
  const rules = await readSignupRules(db);
  if (rules.mode === "open") return { inviteId: null };
  if (rules.mode === "domains" && rules.domains.includes(domainOf(email))) {
    return { inviteId: null };
  }
  if (!invite) {
    throw failure(
      "FORBIDDEN",
      rules.mode === "invite" ? "signupInviteNeeded" : "signupDomainNotAllowed",
    );
  }
  return { inviteId: await useInvite(db, invite, now) };
}
