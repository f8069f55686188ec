import type { SignupMode } from "#shared/signup.ts";

/** The rule as the console shows it. */
export interface SignupRules {
  mode: SignupMode;
  domains: string[];
  /** When an operator last set it; null while it is the default (open). */
  updatedAt: string | null;
}

/** An invite as the console lists it: its link only when it is made (the token is kept hashed). */
export interface InviteView {
  id: string;
  label: string | null;
  maxUses: number;
  uses: number;
  expiresAt: string;
  revokedAt: string | null;
  createdByEmail: string;
  createdAt: string;
  /** `active`, or why it admits nobody now. */
  state: "active" | "expired" | "usedUp" | "revoked";
}

/** GET /api/console/signup. */
export interface SignupOverview {
  success: true;
  rules: SignupRules;
  invites: InviteView[];
}

/** POST /api/console/signup/invites: the new invite, with its link, shown this once. */
export interface MadeInvite {
  success: true;
  message: string;
  invite: InviteView;
  url: string;
}
