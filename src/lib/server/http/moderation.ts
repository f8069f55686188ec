import { constantTimeEqualHex, hashSecret } from "#server/tokens.ts";
import { getConfig } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { noApiEndpoint } from "./api.ts";

/** The moderation API's addresses, whose bearer is MODERATION_TOKEN rather than a session. */
export function isModerationApiPath(pathname: string): boolean {
  return pathname.startsWith("/api/moderation/");
}

/**
 * The moderation API exists only when MODERATION_TOKEN is set, and answers only to it
 * (compared as SHA-256 digests, in constant time).
 */
export function requireModerator(request: Request): void {
  const token = getConfig().MODERATION_TOKEN;
  if (!token) throw noApiEndpoint();
  const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!constantTimeEqualHex(hashSecret(given), hashSecret(token))) {
    throw new AppError("UNAUTHORIZED", "A valid moderation token is required.");
  }
}
