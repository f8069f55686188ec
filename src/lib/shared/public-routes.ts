/**
 * Indexable pages, in sitemap order. Per-user and token-bearing pages are left out. The
 * paths alone reach the browser (page-language.ts); the priorities are the sitemap's.
 */
export const PUBLIC_PATHS = [
  "/",
  "/write",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
] as const;
export const PAGE_PRIORITY: Record<(typeof PUBLIC_PATHS)[number], number> = {
  "/": 1.0,
  "/write": 0.8,
  "/about": 0.6,
  "/contact": 0.6,
  "/privacy-policy": 0.3,
  "/terms-of-service": 0.3,
};

/** A use case's landing page, /write/<slug>: after the pages above, in the sitemap too. */
export const USE_CASE_PAGE_PRIORITY = 0.7;

export function useCasePath(slug: string): string {
  return `/write/${slug}`;
}

/** A category's hub page, /write/<category>, listing its use cases. */
export function categoryPath(category: string): string {
  return `/write/${category}`;
}

/** A category hub's place in the sitemap: between /write and its use cases. */
export const CATEGORY_PAGE_PRIORITY = 0.75;
