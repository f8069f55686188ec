import {
  MAX_INVITE_DAYS,
  MAX_INVITE_LABEL_CHARS,
  MAX_INVITE_USES,
  MAX_SIGNUP_DOMAINS,
  SIGNUP_MODES,
} from "#shared/signup.ts";
import { SIGNUP_REASON } from "#shared/signup-failures.ts";
import { z } from "#shared/zod.ts";

/** A domain as an operator lists it: letters, digits and hyphens in dotted labels (IDNs in xn-- form). */
const DOMAIN =
  /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** "@Example.COM " and "example.com" are one domain. */
function normalDomain(value: string): string {
  return value.trim().toLowerCase().replace(/^@/, "");
}

/** POST /api/console/signup: the rule; `domains` is needed (and kept) for `domains`. */
export const signupRulesSchema = z
  .object({
    mode: z.enum(SIGNUP_MODES, { error: SIGNUP_REASON.signupModeInvalid }),
    domains: z
      .array(
        z
          .string({ error: SIGNUP_REASON.signupDomainInvalid })
          .max(300, SIGNUP_REASON.signupDomainInvalid),
        {
          error: SIGNUP_REASON.signupDomainInvalid,
        },
      )
      .max(MAX_SIGNUP_DOMAINS, SIGNUP_REASON.signupDomainsTooMany)
      .default([])
      .transform((domains) => [...new Set(domains.map(normalDomain).filter(Boolean))])
      .refine(
        (domains) => domains.every((domain) => DOMAIN.test(domain)),
        SIGNUP_REASON.signupDomainInvalid,
      ),
  })
  .refine((rules) => rules.mode !== "domains" || rules.domains.length > 0, {
    message: SIGNUP_REASON.signupDomainsMissing,
    path: ["domains"],
  });
export type SignupRulesInput = z.output<typeof signupRulesSchema>;

const DAY_MS = 86_400_000;

/** POST /api/console/signup/invites: how many sign-ups it allows, until when, a note. */
export const newInviteSchema = z.object({
  maxUses: z
    .number({ error: SIGNUP_REASON.inviteUsesInvalid })
    .int(SIGNUP_REASON.inviteUsesInvalid)
    .min(1, SIGNUP_REASON.inviteUsesInvalid)
    .max(MAX_INVITE_USES, SIGNUP_REASON.inviteUsesInvalid),
  expiresAt: z.iso
    .datetime({ offset: true, error: SIGNUP_REASON.inviteExpiryInvalid })
    .transform((value) => new Date(value))
    .refine((date) => date.getTime() > Date.now(), SIGNUP_REASON.inviteExpiryPast)
    .refine(
      (date) => date.getTime() <= Date.now() + MAX_INVITE_DAYS * DAY_MS,
      SIGNUP_REASON.inviteExpiryTooFar,
    ),
  label: z
    .string()
    .trim()
    .max(MAX_INVITE_LABEL_CHARS, SIGNUP_REASON.inviteLabelTooLong)
    .optional()
    .nullable()
    .transform((value) => value || null),
});
export type NewInvite = z.output<typeof newInviteSchema>;
