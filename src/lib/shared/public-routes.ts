/** Indexable pages, in sitemap order. Per-user and token-bearing pages are left out. */
export const PUBLIC_ROUTES = [
  { path: "/", priority: 1.0 },
  { path: "/write", priority: 0.8 },
  { path: "/about", priority: 0.6 },
  { path: "/contact", priority: 0.6 },
  { path: "/privacy-policy", priority: 0.3 },
  { path: "/terms-of-service", priority: 0.3 },
] as const;

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
