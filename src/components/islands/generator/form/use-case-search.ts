import { messages } from "#i18n/messages.ts";
import { localized } from "#i18n/wording.ts";
import { USE_CASE_CATEGORIES } from "#shared/use-case-limits.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";

/** Text as the picker compares it: lower case the language's way, accents dropped. */
export function searchableText(text: string, language: string): string {
  return text.toLocaleLowerCase(messages.locale(language)).normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * The use cases whose name (in either language) or summary (in the interface's) holds every
 * word typed, grouped by category in the catalog's order, by name within each.
 */
export function findUseCases(
  useCases: readonly UseCaseForForm[],
  query: string,
  language: string,
): { category: UseCaseForForm["category"]; useCases: UseCaseForForm[] }[] {
  const words = searchableText(query, language).split(/\s+/).filter(Boolean);
  const found = useCases.filter((useCase) => {
    const text = searchableText(
      [useCase.name.en, useCase.name.tr, localized(language, useCase.summary)].join(" "),
      language,
    );
    return words.every((word) => text.includes(word));
  });
  return USE_CASE_CATEGORIES.map((category) => ({
    category,
    useCases: found
      .filter((useCase) => useCase.category === category)
      .sort((a, b) =>
        localized(language, a.name).localeCompare(
          localized(language, b.name),
          messages.locale(language),
        ),
      ),
  })).filter((group) => group.useCases.length > 0);
}
