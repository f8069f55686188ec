import { describe, expect, it } from "vitest";
import { applicationData, faqPageData, jsonLdText } from "#shared/structured-data.ts";

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
});
