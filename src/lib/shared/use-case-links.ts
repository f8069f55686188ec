import type { UseCase, UseCaseCategory } from "./use-cases.ts";

/** How many use cases a use case's page links to: what people write next, then its kin. */
const RELATED = 6;

/**
 * The use cases a page links to (issue 27): those its file names as written next, then
 * others of its category by name, six in all; every category has at least five, so a
 * page links to four or more.
 */
export function relatedUseCases(useCase: UseCase, all: readonly UseCase[]): UseCase[] {
  const bySlug = new Map(all.map((other) => [other.slug, other]));
  const next = useCase.next.flatMap((slug) => bySlug.get(slug) ?? []);
  const kin = inCategory(all, useCase.category).filter(
    (other) => other.slug !== useCase.slug && !next.includes(other),
  );
  return [...next, ...kin].slice(0, RELATED);
}

/** A category's use cases, by English name. */
export function inCategory(all: readonly UseCase[], category: UseCaseCategory): UseCase[] {
  return all
    .filter((useCase) => useCase.category === category)
    .sort((a, b) => a.name.en.localeCompare(b.name.en, "en"));
}
