import { atom } from "nanostores";
import type { UseCaseForForm } from "#shared/use-cases.ts";

/**
 * The use cases this tab knows, by slug: the page's own, the one chosen, and every one once
 * the list has loaded (use-case-list.ts). The result panel and the history name a text's
 * use case from here.
 */
export const $knownUseCases = atom<Record<string, UseCaseForForm>>({});

export function rememberUseCase(useCase: UseCaseForForm): void {
  const known = $knownUseCases.get();
  if (known[useCase.slug] !== useCase) $knownUseCases.set({ ...known, [useCase.slug]: useCase });
}
