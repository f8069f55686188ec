/** Sign-up rules' limits and shapes (issue 29, item 2), shared by the console and the server. */

/** Who may register: anyone, whoever has an invite, or addresses at listed domains. */
export const SIGNUP_MODES = ["open", "invite", "domains"] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const MAX_SIGNUP_DOMAINS = 100;
export const MAX_INVITE_USES = 10_000;
export const MAX_INVITE_DAYS = 365;
export const MAX_INVITE_LABEL_CHARS = 80;

/** The register page's address for an invite. */
export function invitePath(token: string): string {
  return `/register?invite=${encodeURIComponent(token)}`;
}

/** The domain of an address, as rules compare it (addresses are lower-cased on the way in). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}
