/** Facts about the product shown on many pages. Marketing text lives in src/content/. */
export const SITE_NAME = "AI Text Generator";
export const COMPANY = "STF";
export const RATING = { value: 4.9, count: 87 } as const;

export interface NavLink {
  href: string;
  label: string;
}

export const PRIMARY_NAV: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/about", label: "About Us" },
  { href: "/contact", label: "Contact" },
];

export const FOOTER_NAV: readonly NavLink[] = [
  { href: "/privacy-policy", label: "Privacy Policy" },
  { href: "/terms-of-service", label: "Terms of Service" },
  { href: "/about", label: "About Us" },
];

/** A link is active on its own path and, except Home, below it. */
export function isActivePath(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`);
}
