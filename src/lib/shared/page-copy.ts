import type { Localized } from "./use-cases.ts";

interface Sections {
  sections: { title: string; items: string[] }[];
}

/** A page's sections (src/content/copy.yaml) with their Turkish beside the English. */
export function bothSections(
  english: Sections,
  turkish: Sections,
): { title: Localized; items: Localized[] }[] {
  return english.sections.map((section, index) => {
    const other = turkish.sections[index]!;
    return {
      title: { en: section.title, tr: other.title },
      items: section.items.map((item, at) => ({ en: item, tr: other.items[at]! })),
    };
  });
}
