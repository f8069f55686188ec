import type { APIRoute } from "astro";
import { PUBLIC_ROUTES } from "#shared/public-routes.ts";

export const GET: APIRoute = ({ site }) => {
  const urls = PUBLIC_ROUTES.map(
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
