import { RATING, SITE_NAME } from "./site.ts";

/** schema.org data a page describes itself with, for search engines (JSON-LD). */
type StructuredData = Record<string, unknown>;

/** The product, as the home page describes it: a free web application, rated. */
export function applicationData(site: URL, description: string): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: SITE_NAME,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    description,
    url: new URL("/", site).toString(),
    inLanguage: "en",
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: RATING.value,
      ratingCount: RATING.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

/** A page's questions and answers (the plain text of each). */
export function faqPageData(
  url: string,
  entries: readonly { question: string; answer: string }[],
): StructuredData {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url,
    inLanguage: "en",
    mainEntity: entries.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
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
