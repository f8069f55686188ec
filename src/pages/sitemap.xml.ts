import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import { PUBLIC_ROUTES, USE_CASE_PAGE_PRIORITY, useCasePath } from "#shared/public-routes.ts";

export const GET: APIRoute = async ({ site }) => {
  const useCases = (await getCollection("useCases")).sort((a, b) => a.id.localeCompare(b.id));
  const routes = [
    ...PUBLIC_ROUTES,
    ...useCases.map(({ id }) => ({ path: useCasePath(id), priority: USE_CASE_PAGE_PRIORITY })),
  ];
  const urls = routes.map(
    ({ path, priority }) =>
      `  <url><loc>${new URL(path, site).toString()}</loc><priority>${priority.toFixed(1)}</priority></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
