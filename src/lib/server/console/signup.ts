import type { InviteView, SignupRules } from "#shared/api/signup.ts";
import type { NewInvite, SignupRulesInput } from "#shared/schemas/signup.ts";
import { invitePath } from "#shared/signup.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import type { Database } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { createInvite, revokeInvite } from "#server/signup/invites.ts";
import { writeSignupRules } from "#server/signup/rules.ts";
import { recordOperatorAction } from "./audit.ts";

/**
 * The console's sign-up section (issue 29, item 2): the rule and invites, each change
 * written with its audit row in one transaction.
 */

export function setSignupRules(
  db: Database,
  operator: SessionUser,
  input: SignupRulesInput,
  now: Date,
): Promise<SignupRules> {
  return db.transaction(async (tx) => {
    const rules = await writeSignupRules(tx, input, now);
    await recordOperatorAction(tx, {
      operator,
      action: "set_signup_rules",
      detail: { mode: rules.mode, ...(rules.mode === "domains" ? { domains: rules.domains } : {}) },
      now,
    });
    return rules;
  });
}

/** A new invite, and its link, which only this answer holds. */
export function makeInvite(
  db: Database,
  operator: SessionUser,
  input: NewInvite,
  now: Date,
  publicUrl: string,
): Promise<{ invite: InviteView; url: string }> {
  return db.transaction(async (tx) => {
    const { invite, token } = await createInvite(tx, input, operator, now);
    await recordOperatorAction(tx, {
      operator,
      action: "create_invite",
      detail: {
        inviteId: invite.id,
        maxUses: invite.maxUses,
        expiresAt: invite.expiresAt,
        ...(invite.label ? { label: invite.label } : {}),
      },
      now,
    });
    return { invite, url: `${publicUrl}${invitePath(token)}` };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes an invite (again is no change, and not recorded twice); 404 for no such invite. */
export function revokeInviteAsOperator(
  db: Database,
  operator: SessionUser,
  id: string,
  now: Date,
): Promise<InviteView> {
  if (!UUID.test(id)) throw failure("NOT_FOUND", "inviteNotFound");
  return db.transaction(async (tx) => {
    const revoked = await revokeInvite(tx, id, now);
    if (!revoked) throw failure("NOT_FOUND", "inviteNotFound");
    if (revoked.changed) {
      await recordOperatorAction(tx, {
        operator,
        action: "revoke_invite",
        detail: { inviteId: id, ...(revoked.invite.label ? { label: revoked.invite.label } : {}) },
        now,
      });
    }
    return revoked.invite;
  });
}
