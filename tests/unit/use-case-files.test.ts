import { describe, expect, it } from "vitest";
import { useCaseSchema } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";

/** The files a marketer writes (src/content/use-cases/), checked as the build checks them. */
const files = readUseCaseFiles();

describe("the use-case files", () => {
  it("are there to check", () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)("$file is a valid use case named after its slug", ({ file, data }) => {
    const parsed = useCaseSchema.safeParse(data);
    const problems = parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems).toEqual([]);
    expect(file.replace(/\.ya?ml$/, "")).toBe(parsed.data!.slug);
  });

  it("have SEO titles of their own, in each language", () => {
    for (const language of ["en", "tr"] as const) {
      const titles = files.map(({ data }) => useCaseSchema.parse(data).seo.title[language]);
      const repeated = titles.filter((title, i) => titles.indexOf(title) !== i);
      expect(repeated, language).toEqual([]);
    }
  });
});
