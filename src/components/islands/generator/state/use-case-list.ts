import type { UseCaseForForm } from "#shared/use-cases.ts";
import { $knownUseCases } from "./use-cases.ts";

/** Built with the site by src/pages/use-cases.json.ts. */
export const USE_CASES_PATH = "/use-cases.json";

let list: Promise<UseCaseForForm[]> | null = null;

/**
 * Every use case, fetched once and only when something needs the list (the picker opens,
 * the history names a text's use case). A module apart from $knownUseCases, which the home
 * page's islands read: only the code that loads later imports this (DESIGN §11).
 */
export function loadUseCases(): Promise<UseCaseForForm[]> {
  list ??= fetch(USE_CASES_PATH, { headers: { accept: "application/json" } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${USE_CASES_PATH}: ${response.status}`);
      const { useCases } = (await response.json()) as { useCases: UseCaseForForm[] };
      $knownUseCases.set({
        ...Object.fromEntries(useCases.map((useCase) => [useCase.slug, useCase])),
        ...$knownUseCases.get(),
      });
      return useCases;
    })
    .catch((error: unknown) => {
      // A failed load is tried again the next time the list is asked for.
      list = null;
      throw error;
    });
  return list;
}

/** The listed use case of this slug; null for one no longer listed (or no list). */
export async function listedUseCase(slug: string): Promise<UseCaseForForm | null> {
  try {
    return (await loadUseCases()).find((useCase) => useCase.slug === slug) ?? null;
  } catch {
    return null;
  }
}
