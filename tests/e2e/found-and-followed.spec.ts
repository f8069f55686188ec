import type { APIRequestContext, Page } from "@playwright/test";
import { otherLanguagePath } from "#shared/page-language.ts";
import { categoryPath, useCasePath } from "#shared/public-routes.ts";
import { useCaseSchema, USE_CASE_CATEGORIES, type UseCase } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 27: the built pages as a search engine reads them. Every public page has an address
 * in each language that names itself (canonical) and the other (hreflang, both ways, and in
 * the sitemap); a Turkish page is Turkish from the server; use-case pages link to their kin
 * and their hub, so that a crawler starting at the home page finds every one within three
 * clicks; structured data parses; every card for sharing is a 1200×630 PNG.
 */

const useCases: UseCase[] = readUseCaseFiles().map(({ data }) => useCaseSchema.parse(data));
const isUseCasePage = (path: string) =>
  useCases.some(({ slug }) => path === useCasePath(slug) || path === `/tr${useCasePath(slug)}`);

/** What the test reads of a page's HTML (parsed by the browser's own parser). */
interface PageFacts {
  lang: string | null;
  title: string;
  canonical: string | null;
  alternates: Record<string, string>;
  links: string[];
  jsonLd: string[];
  ogImage: string | null;
  h1: string;
}

/** A page's address: its path, whatever origin the build wrote. */
const pathOf = (url: string) => new URL(url, "http://site.invalid").pathname;

async function readPage(page: Page, request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  return page.evaluate((source): PageFacts => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const attribute = (selector: string, name: string) =>
      doc.querySelector(selector)?.getAttribute(name) ?? null;
    return {
      lang: doc.documentElement.getAttribute("lang"),
      title: doc.title,
      canonical: attribute('link[rel="canonical"]', "href"),
      alternates: Object.fromEntries(
        [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
          link.getAttribute("hreflang")!,
          link.getAttribute("href")!,
        ]),
      ),
      links: [...doc.querySelectorAll("a[href]")].map((link) => link.getAttribute("href")!),
      jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => script.textContent ?? "",
      ),
      ogImage: attribute('meta[property="og:image"]', "content"),
      h1: doc.querySelector("h1")?.textContent?.trim() ?? "",
    };
  }, html);
}

/** The sitemap's entries: each address, its day and its alternates. */
async function sitemap(request: APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
    loc: pathOf(/<loc>([^<]+)<\/loc>/.exec(entry!)![1]!),
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(entry!)?.[1],
    alternates: Object.fromEntries(
      [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
        lang!,
        pathOf(href!),
      ]),
    ),
  }));
}

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "reads HTML; one screen size is enough");
});

test("every page of the sitemap names itself and its other language, both ways", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const entries = await sitemap(request);
  const locs = new Set(entries.map(({ loc }) => loc));
  // Both languages of every use case and hub are listed.
  for (const { slug } of useCases) {
    expect(locs).toContain(useCasePath(slug));
    expect(locs).toContain(`/tr${useCasePath(slug)}`);
  }
  for (const category of USE_CASE_CATEGORIES)
    expect(locs).toContain(`/tr${categoryPath(category)}`);

  const titles = new Map<string, string>();
  for (const { loc, lastmod, alternates } of entries) {
    expect(lastmod, loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const turkish = loc === "/tr" || loc.startsWith("/tr/");
    const english = turkish ? loc.slice(3) || "/" : loc;
    expect(alternates, loc).toEqual({
      en: english,
      tr: `/tr${english === "/" ? "" : english}`,
      "x-default": english,
    });

    const facts = await readPage(page, request, loc);
    expect(facts.lang, loc).toBe(turkish ? "tr" : "en");
    expect(pathOf(facts.canonical!), loc).toBe(loc);
    expect(
      Object.fromEntries(
        Object.entries(facts.alternates).map(([lang, href]) => [lang, pathOf(href)]),
      ),
      loc,
    ).toEqual(alternates);
    for (const text of facts.jsonLd) expect(() => JSON.parse(text), loc).not.toThrow();
    titles.set(loc, facts.title);
  }
  // A Turkish page has a title of its own, not the English one.
  for (const [loc, title] of titles) {
    if (loc.startsWith("/tr")) expect(title, loc).not.toBe(titles.get(loc.slice(3) || "/"));
  }
});

test("a use case's page links to four or more others and to its hub, in its language", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  for (const useCase of useCases) {
    for (const prefix of ["", "/tr"]) {
      const path = `${prefix}${useCasePath(useCase.slug)}`;
      const facts = await readPage(page, request, path);
      // The language switch goes to the same page's other address; the rest are others.
      const others = new Set(
        facts.links.filter(
          (link) => isUseCasePage(link) && link !== path && link !== otherLanguagePath(path),
        ),
      );
      expect(others.size, path).toBeGreaterThanOrEqual(4);
      for (const link of others) expect(link.startsWith(`${prefix}/write/`), link).toBe(true);
      expect(facts.links, path).toContain(`${prefix}${categoryPath(useCase.category)}`);
      const types = facts.jsonLd.flatMap((text) =>
        [JSON.parse(text) as Record<string, unknown>].flat().map((item) => item["@type"]),
      );
      expect(types, path).toEqual(["SoftwareApplication", "FAQPage", "BreadcrumbList"]);
      expect(facts.h1, path).toBe(useCase.name[prefix ? "tr" : "en"]);
    }
  }
});

test("from the home page every use case is within three clicks, in either language", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  for (const home of ["/", "/tr"]) {
    const depth = new Map<string, number>([[home, 0]]);
    let frontier = [home];
    for (let clicks = 1; clicks <= 3; clicks++) {
      const next: string[] = [];
      for (const path of frontier) {
        for (const link of (await readPage(page, request, path)).links) {
          // Pages of the site: the crawl follows what a crawler would, no API, no files.
          if (!link.startsWith("/") || link.startsWith("//") || /\.\w+$/.test(link)) continue;
          const target = link.split(/[?#]/)[0]!;
          if (depth.has(target) || !(target.startsWith("/write") || target.startsWith("/tr"))) {
            continue;
          }
          depth.set(target, clicks);
          next.push(target);
        }
      }
      frontier = next;
    }
    const prefix = home === "/" ? "" : "/tr";
    const missing = useCases
      .map(({ slug }) => `${prefix}${useCasePath(slug)}`)
      .filter((path) => !depth.has(path));
    expect(missing, `not reached from ${home} in 3 clicks`).toEqual([]);
  }
});

test("every page's card for sharing is a 1200×630 PNG", async ({ page, request }) => {
  test.setTimeout(120_000);
  const paths = [
    "/",
    "/tr",
    "/about",
    ...useCases.flatMap(({ slug }) => [useCasePath(slug), `/tr${useCasePath(slug)}`]),
    ...USE_CASE_CATEGORIES.flatMap((category) => [
      categoryPath(category),
      `/tr${categoryPath(category)}`,
    ]),
  ];
  const cards = new Set<string>();
  for (const path of paths) {
    const { ogImage } = await readPage(page, request, path);
    cards.add(pathOf(ogImage!));
  }
  for (const card of cards) {
    const response = await request.get(card);
    expect(response.status(), card).toBe(200);
    expect(response.headers()["content-type"], card).toBe("image/png");
    const png = await response.body();
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], card).toEqual([1200, 630]);
  }
});
