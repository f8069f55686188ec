import type { SessionUser } from "#server/auth/sessions.ts";
import { getConfig } from "#server/config.ts";
import { noApiEndpoint } from "#server/http/api.ts";

/**
 * DESIGN §7b: an operator is a signed-in account with a verified address that
 * OPERATOR_EMAILS names. Read from the session on every request, never remembered.
 */
export function isOperator(
  user: Pick<SessionUser, "email" | "emailVerified"> | null,
  operatorEmails: readonly string[] = getConfig().OPERATOR_EMAILS,
): user is SessionUser {
  return user !== null && user.emailVerified && operatorEmails.includes(user.email.toLowerCase());
}

/**
 * The operator making this request. Anyone else gets the answer of an address with no
 * endpoint, so that the console's endpoints do not show that they exist.
 */
export function requireOperator(locals: App.Locals): SessionUser {
  if (!isOperator(locals.user)) throw noApiEndpoint();
  return locals.user;
}

/** `/api/console` and below, whatever the letter case (the path is decoded already). */
export function isConsoleApiPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === "/api/console" || lower.startsWith("/api/console/");
}
