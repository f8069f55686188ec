import type { SessionUser } from "#server/auth/sessions.ts";
import { AppError } from "#server/errors.ts";

export function requireUser(locals: App.Locals): SessionUser {
  if (!locals.user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return locals.user;
}
