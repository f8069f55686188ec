import type { FrameKey } from "#i18n/frame.ts";

/** Facts about the product shown on many pages. Marketing text lives in src/content/. */
export const SITE_NAME = "AI Text Generator";
export const COMPANY = "STF";

export interface NavLink {
  href: string;
  /** Its words, in the catalog (src/i18n/frame.ts). */
  key: FrameKey;
  /** In the header's row only from 1024 px up: below, the row is full (the menu has it). */
  wide?: boolean;
}

export const PRIMARY_NAV: readonly NavLink[] = [
  { href: "/", key: "nav.home" },
  { href: "/write", key: "nav.write", wide: true },
  { href: "/about", key: "nav.about" },
  { href: "/contact", key: "nav.contact" },
];

export const FOOTER_NAV: readonly NavLink[] = [
  { href: "/write", key: "nav.write" },
  { href: "/privacy-policy", key: "nav.privacy" },
  { href: "/terms-of-service", key: "nav.terms" },
  { href: "/about", key: "nav.about" },
];

/** A link is active on its own path and, except Home, below it. */
export function isActivePath(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}
