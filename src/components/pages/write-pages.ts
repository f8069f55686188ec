import type { GetStaticPaths } from "astro";
import { getCollection } from "astro:content";
import { USE_CASE_CATEGORIES, type UseCase, type UseCaseCategory } from "#shared/use-cases.ts";

/**
 * The pages under /write (and /tr/write): a hub per category and a page per use case. One
 * route serves both, as their addresses have the same shape; a use case named as a category
 * would hide its hub, so the build refuses it.
 */
export const writePages = (async () => {
  const useCases = (await getCollection("useCases")).map((entry) => entry.data);
  const clash = useCases.find((useCase) =>
    (USE_CASE_CATEGORIES as readonly string[]).includes(useCase.slug),
  );
  if (clash) throw new Error(`src/content/use-cases/${clash.slug}.yaml: a category has that name`);
  return [
    ...USE_CASE_CATEGORIES.map((category) => ({
      params: { page: category },
      props: { category } as WritePageProps,
    })),
    ...useCases.map((useCase) => ({
      params: { page: useCase.slug },
      props: { useCase } as WritePageProps,
    })),
  ];
}) satisfies GetStaticPaths;

export type WritePageProps = {
  useCase?: UseCase;
  category?: UseCaseCategory;
};
