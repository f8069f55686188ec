import type { Localized } from "#shared/use-cases.ts";

/**
 * The use-case pages' own words (/write and /write/<slug>), in English and Turkish. They are
 * written into the built page in both languages (Bilingual.astro), so that /write, a
 * content page, shows them in Turkish without loading the catalog.
 */
export const WRITE_WORDS = {
  "write.search": { en: "Search use cases", tr: "Kullanım alanlarında ara" },
  "write.searchHint": {
    en: "Type part of a name, e.g. “email” or “toast”",
    tr: "Adın bir kısmını yazın, ör. “e-posta” ya da “kadeh”",
  },
  "write.noMatch": {
    en: "No use case matches your search. Describe what you need on the home page instead.",
    tr: "Aramanızla eşleşen bir kullanım alanı yok. İhtiyacınızı ana sayfada kendiniz anlatabilirsiniz.",
  },
  "write.all": { en: "All use cases", tr: "Tüm kullanım alanları" },
  "write.example": { en: "An example", tr: "Bir örnek" },
  "write.faq": { en: "Questions and answers", tr: "Sorular ve yanıtlar" },
} as const satisfies Record<string, Localized>;

export type WriteWordKey = keyof typeof WRITE_WORDS;
