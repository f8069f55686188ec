import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import { localizedPath, PAGE_LANGUAGES } from "#shared/page-language.ts";
import {
  CATEGORY_PAGE_PRIORITY,
  categoryPath,
  PAGE_PRIORITY,
  PUBLIC_PATHS,
  USE_CASE_PAGE_PRIORITY,
  useCasePath,
} from "#shared/public-routes.ts";
import { USE_CASE_CATEGORIES } from "#shared/use-cases.ts";

/** A date as the sitemap writes it (W3C: the day is enough). */
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Every public page in both languages (issue 27): each names itself and its other
 * language's address (hreflang, with English as x-default) and when its words last changed:
 * a use case's `updated`, a legal page's "last updated", or else the build's day.
 */
export const GET: APIRoute = async ({ site }) => {
  const built = new Date();
  const useCases = (await getCollection("useCases")).sort((a, b) => a.id.localeCompare(b.id));
  const pages = await getCollection("pages");
  const updatedOf = (path: string) =>
    pages.find((page) => `/${page.id}` === path)?.data.lastUpdated ?? built;
  const routes = [
    ...PUBLIC_PATHS.map((path) => ({
      path,
      priority: PAGE_PRIORITY[path],
      updated: updatedOf(path),
    })),
    ...USE_CASE_CATEGORIES.map((category) => ({
      path: categoryPath(category),
      priority: CATEGORY_PAGE_PRIORITY,
      updated: built,
    })),
    ...useCases.map(({ id, data }) => ({
      path: useCasePath(id),
      priority: USE_CASE_PAGE_PRIORITY,
      updated: data.updated ?? built,
    })),
  ];
  const url = (path: string) => new URL(path, site).toString();
  const entries = routes.flatMap(({ path, priority, updated }) => {
    const alternates = [
      ...PAGE_LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${language}" href="${url(localizedPath(path, language))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
    ];
    return PAGE_LANGUAGES.map((language) =>
      [
        `  <url>`,
        `    <loc>${url(localizedPath(path, language))}</loc>`,
        `    <lastmod>${day(updated)}</lastmod>`,
        `    <priority>${priority.toFixed(2).replace(/0$/, "")}</priority>`,
        ...alternates,
        `  </url>`,
      ].join("\n"),
    );
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
