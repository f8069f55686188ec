import { describe, expect, it } from "vitest";
import { testimonialSubmissionSchema } from "#shared/schemas/testimonials.ts";
import { testimonialProblem } from "#shared/testimonials.ts";
import { FAILURES } from "#shared/failures.ts";

const valid = { name: "Ada", profession: "", content: "A fine tool for letters.", rating: 5 };

describe("the browser's feedback check agrees with the server's schema", () => {
  it.each([
    valid,
    { ...valid, name: "" },
    { ...valid, name: "A" },
    { ...valid, name: "A".repeat(81) },
    { ...valid, profession: "P".repeat(81) },
    { ...valid, content: "   " },
    { ...valid, content: "Too short" },
    { ...valid, content: "x".repeat(1001) },
  ])("%j", (input) => {
    const parsed = testimonialSubmissionSchema.safeParse(input);
    const expected = parsed.success ? null : parsed.error.issues[0]!.message;
    expect(testimonialProblem(input)).toBe(expected);
  });
});

describe("the form's own rule", () => {
  it("treats no star chosen (0) as a missing rating", () => {
    expect(FAILURES[testimonialProblem({ ...valid, rating: 0 })!]).toBe(
      "Please provide your name, feedback content, and rating.",
    );
  });
});
