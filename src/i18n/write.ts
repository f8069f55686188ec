import { catalog } from "./catalog.ts";

/**
 * The use-case pages' own words (/write and /write/<slug>), in English and Turkish. They are
 * written into the built page in both languages (Bilingual.astro, with `writeWords.both(key)`),
 * so that /write, a content page, shows them in Turkish without loading the catalog.
 */
export const writeWords = catalog(
  {
    "write.search": "Search use cases",
    "write.searchHint": "Type part of a name, e.g. “email”, “toast” or “grammar”",
    "write.noMatch":
      "No use case matches your search. Describe what you need on the home page instead.",
    "write.all": "All use cases",
    "write.example": "An example",
    "write.exampleInput": "Example: your text",
    "write.exampleOutput": "What it makes of it",
    "write.faq": "Questions and answers",
  },
  {
    "write.search": "Kullanım alanlarında ara",
    "write.searchHint": "Adın bir kısmını yazın, ör. “e-posta”, “kadeh” ya da “özet”",
    "write.noMatch":
      "Aramanızla eşleşen bir kullanım alanı yok. İhtiyacınızı ana sayfada kendiniz anlatabilirsiniz.",
    "write.all": "Tüm kullanım alanları",
    "write.example": "Bir örnek",
    "write.exampleInput": "Örnek: metniniz",
    "write.exampleOutput": "Ortaya çıkan metin",
    "write.faq": "Sorular ve yanıtlar",
  },
);
