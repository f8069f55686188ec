import { describe, expect, it } from "vitest";
import { relatedUseCases } from "#shared/use-case-links.ts";
import { USE_CASE_CATEGORIES, useCaseSchema } from "#shared/use-cases.ts";
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

  it("name as written next only use cases that exist, and none is named as a category", () => {
    const useCases = files.map(({ data }) => useCaseSchema.parse(data));
    const slugs = new Set(useCases.map(({ slug }) => slug));
    for (const useCase of useCases) {
      expect(
        useCase.next.filter((slug) => !slugs.has(slug)),
        useCase.slug,
      ).toEqual([]);
      // A hub is /write/<category>: a use case of that name would hide it.
      expect(USE_CASE_CATEGORIES, useCase.slug).not.toContain(useCase.slug);
    }
  });

  it("each link to what is written next first, then to their category, six in all", () => {
    const useCases = files.map(({ data }) => useCaseSchema.parse(data));
    for (const useCase of useCases) {
      const related = relatedUseCases(useCase, useCases);
      expect(related.length, useCase.slug).toBeGreaterThanOrEqual(4);
      expect(related.length, useCase.slug).toBeLessThanOrEqual(6);
      expect(
        related.map(({ slug }) => slug),
        useCase.slug,
      ).not.toContain(useCase.slug);
      const next = useCase.next.slice(0, 6);
      expect(
        related.slice(0, next.length).map(({ slug }) => slug),
        useCase.slug,
      ).toEqual(next);
      for (const other of related.slice(next.length)) {
        expect(other.category, useCase.slug).toBe(useCase.category);
      }
    }
  });
});
