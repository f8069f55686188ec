import { describe, expect, it } from "vitest";
import {
  applicationData,
  describesApplication,
  faqPageData,
  jsonLdText,
  withRating,
} from "#shared/structured-data.ts";

const site = new URL("https://example.com");

describe("JSON-LD", () => {
  it("stays one script whatever the text holds, and reads back as written", () => {
    const answer = 'Say "</script><script>alert(1)</script>" or <!-- a comment --> & more';
    const text = jsonLdText([
      faqPageData("https://example.com/write/x", [{ question: "Q?", answer }]),
    ]);
    expect(text).not.toContain("<");
    const data = JSON.parse(text) as { mainEntity: { acceptedAnswer: { text: string } }[] };
    expect(data.mainEntity[0]!.acceptedAnswer.text).toBe(answer);
  });

  it("describes one item as an object and several as a list", () => {
    const app = applicationData(site, "A description.");
    expect(JSON.parse(jsonLdText([app]))).toMatchObject({ "@type": "SoftwareApplication" });
    const both = JSON.parse(jsonLdText([app, faqPageData("https://example.com/x", [])])) as {
      "@type": string;
    }[];
    expect(both.map((item) => item["@type"])).toEqual(["SoftwareApplication", "FAQPage"]);
  });

  it("gives each question its answer", () => {
    const data = faqPageData("https://example.com/write/x", [
      { question: "Is it free?", answer: "Yes." },
      { question: "How long?", answer: "Short." },
    ]);
    expect(data.mainEntity).toEqual([
      {
        "@type": "Question",
        name: "Is it free?",
        acceptedAnswer: { "@type": "Answer", text: "Yes." },
      },
      {
        "@type": "Question",
        name: "How long?",
        acceptedAnswer: { "@type": "Answer", text: "Short." },
      },
    ]);
  });

  it("gives the application no rating of its own", () => {
    expect(applicationData(site, "A description.")).not.toHaveProperty("aggregateRating");
  });
});

describe("the application's rating in a page", () => {
  const page = (items: Record<string, unknown>[]) =>
    `<head><script type="application/ld+json">${jsonLdText(items)}</script></head><p>4.9</p>`;
  const app = applicationData(site, "Says </script> and <!-- in its text.");
  const faq = faqPageData("https://example.com/x", [{ question: "Q?", answer: "A <b>." }]);
  const read = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!);

  it("is the count and the mean to one decimal, on the application only", () => {
    const rated = withRating(page([app, faq]), { count: 3, mean: 13 / 3 });
    const [application, questions] = read(rated);
    expect(application).toEqual({
      ...app,
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: 4.3,
        ratingCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(questions).toEqual(faq);
    expect(rated).toContain("</head><p>4.9</p>");
  });

  it("rates a page describing the application alone, and keeps its text script-safe", () => {
    const rated = withRating(page([app]), { count: 2, mean: 4.5 });
    expect(read(rated).aggregateRating).toMatchObject({ ratingValue: 4.5, ratingCount: 2 });
    expect(read(rated).description).toBe(app.description);
    expect(rated.match(/<\/script>/g)).toHaveLength(1);
  });

  it("is left out while there are no ratings", () => {
    expect(withRating(page([app]), null)).toBe(page([app]));
    expect(withRating(page([app]), { count: 0, mean: 0 })).toBe(page([app]));
  });

  it("belongs only to pages that describe the application", () => {
    expect(describesApplication(page([app, faq]))).toBe(true);
    expect(describesApplication(page([faq]))).toBe(false);
    expect(describesApplication("<p>SoftwareApplication</p>")).toBe(false);
  });
});
