import { SITE_NAME } from "./site.ts";
import type { Localized } from "./use-cases.ts";
import { localizedPath, type PageLanguage } from "./page-language.ts";

/** schema.org data a page describes itself with, for search engines (JSON-LD). */
type StructuredData = Record<string, unknown>;

/** What people rated the product: the approved testimonials' count and mean (1 to 5). */
export interface Rating {
  count: number;
  mean: number;
}

function aggregateRating(rating: Rating): StructuredData {
  return {
    "@type": "AggregateRating",
    ratingValue: Math.round(rating.mean * 10) / 10,
    ratingCount: rating.count,
    bestRating: 5,
    worstRating: 1,
  };
}

/**
 * The product, as the home page describes it: a free web application. Rated only by the
 * ratings people gave (decision 095): the prerendered pages carry none, and the server
 * adds the approved testimonials' with `withRating` while there is at least one.
 */
export function applicationData(
  site: URL,
  description: string,
  language: PageLanguage = "en",
): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    description,
    url: new URL(localizedPath("/", language), site).toString(),
    inLanguage: language,
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
  };
}

const JSON_LD_SCRIPT = /(<script type="application\/ld\+json">)([^<]*)(<\/script>)/;

/** Whether a page's JSON-LD describes the application, the item a rating belongs to. */
export function describesApplication(html: string): boolean {
  return JSON_LD_SCRIPT.exec(html)?.[2]?.includes('"@type":"SoftwareApplication"') ?? false;
}

/**
 * The page with `rating` on the application in its JSON-LD (as `jsonLdText` wrote it:
 * "<" is escaped, so the script's text holds none); the page as it was without one.
 */
export function withRating(html: string, rating: Rating | null): string {
  if (!rating || rating.count === 0) return html;
  return html.replace(JSON_LD_SCRIPT, (whole, open: string, text: string, close: string) => {
    const data = JSON.parse(text) as StructuredData | StructuredData[];
    const items = Array.isArray(data) ? data : [data];
    const rated = items.map((item) =>
      item["@type"] === "SoftwareApplication"
        ? { ...item, aggregateRating: aggregateRating(rating) }
        : item,
    );
    return `${open}${jsonLdText(rated)}${close}`;
  });
}

/** A page's questions and answers (the plain text of each), in the page's language. */
export function faqPageData(
  url: string,
  entries: readonly { question: string; answer: string }[],
  language = "en",
): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url,
    inLanguage: language,
    mainEntity: entries.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** A step of a page's breadcrumb trail: its name in both languages and its address. */
export interface TrailStep {
  name: Localized;
  href: string;
}

/** Where a page stands in the site: its trail from the home page, the page itself last. */
export function breadcrumbData(
  site: URL,
  trail: readonly TrailStep[],
  language: PageLanguage,
): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(({ name, href }, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: name[language],
      item: new URL(href, site).toString(),
    })),
  };
}

/**
 * The text of a `<script type="application/ld+json">`: one item as it is, several as a
 * list. "<" is escaped (JSON reads "\u003c" back as "<") so that no text in the data can
 * close the script element or open a comment in it.
 */
export function jsonLdText(items: readonly StructuredData[]): string {
  const data = items.length === 1 ? items[0] : items;
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
