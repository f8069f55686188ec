import { describe, expect, it } from "vitest";
import { planHtml, planText } from "#server/plan-text.ts";
import { DEFAULT_PLAN, unknownPlanSlots } from "#shared/plan.ts";
import { useCaseSchema } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";

/** Use-case FAQs state the plan's numbers as slots (issue 29, decision 071). */
describe("copy that states the plan", () => {
  const text =
    'A free account gets {weeklyAllowance} credits; <b>"a text"</b> costs {costPerText}.';

  it("is HTML with each number in a data-plan span, holding the default, the rest escaped", () => {
    expect(planHtml(text)).toBe(
      `A free account gets <span data-plan="weeklyAllowance">${DEFAULT_PLAN.weeklyAllowance}</span>` +
        ` credits; &lt;b&gt;&quot;a text&quot;&lt;/b&gt; costs ` +
        `<span data-plan="costPerText">${DEFAULT_PLAN.costPerText}</span>.`,
    );
  });

  it("is plain text with the defaults for search engines", () => {
    expect(planText(text)).toBe(
      `A free account gets ${DEFAULT_PLAN.weeklyAllowance} credits; <b>"a text"</b> costs ${DEFAULT_PLAN.costPerText}.`,
    );
  });

  it("refuses a slot that names no number of the plan", () => {
    expect(unknownPlanSlots("{weeklyAllowance} {weeklyAllowence} {resetDay} {}")).toEqual([
      "weeklyAllowence",
      "resetDay",
      "",
    ]);
    expect(() => planHtml("costs {price}")).toThrow("{price} names no number of the plan");
    expect(() => planText("costs {price}")).toThrow("{price} names no number of the plan");
  });

  it("is refused in a use case file when a slot names no number of the plan", () => {
    const data = readUseCaseFiles().find(({ file }) => file === "bio.yaml")!.data as {
      faq: { answer: { en: string; tr: string } }[];
    };
    const wrong = {
      ...data,
      faq: data.faq.map((entry, i) =>
        i === 0
          ? { ...entry, answer: { ...entry.answer, tr: "Her hafta {haftalik} kredi." } }
          : entry,
      ),
    };
    expect(useCaseSchema.safeParse(data).success).toBe(true);
    const parsed = useCaseSchema.safeParse(wrong);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({
        path: ["faq", 0, "answer", "tr"],
        message: expect.stringContaining("{haftalik} names no number of the plan"),
      }),
    ]);
  });

  it("is written with slots in the use case files, never the numbers themselves", () => {
    for (const { file, data } of readUseCaseFiles()) {
      for (const { answer } of useCaseSchema.parse(data).faq) {
        for (const words of [answer.en, answer.tr]) {
          expect(words, file).not.toMatch(/\b1000 (credits|kredi)|costs 100\b|\b100 kredi/);
        }
      }
    }
  });
});
