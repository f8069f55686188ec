import type { Config } from "#server/config.ts";

/**
 * What the credits page's Content-Security-Policy adds for an ad network (decision 072):
 * the browser fetches the VAST tag and its wrappers (connect-src), plays the video
 * (media-src) and fires the trackers as images (img-src), from the tag's own origin and
 * AD_CSP_SOURCES. Scripts stay as strict as everywhere else. Without AD_VAST_URL, nothing.
 */
export function adCspDirectives(
  config: Pick<Config, "AD_VAST_URL" | "AD_CSP_SOURCES">,
): `${"connect-src" | "media-src" | "img-src"} ${string}`[] {
  if (!config.AD_VAST_URL) return [];
  const sources = [...new Set([new URL(config.AD_VAST_URL).origin, ...config.AD_CSP_SOURCES])];
  const list = sources.join(" ");
  return [`connect-src 'self' ${list}`, `media-src 'self' ${list}`, `img-src 'self' data: ${list}`];
}
