import { catalog } from "./catalog.ts";

/**
 * The use-case pages' own words (/write, its category hubs and /write/<slug>, and the home
 * page's links to them), in English and Turkish, written into the built page
 * (Bilingual.astro, with `writeWords.both(key)`) without loading the catalog.
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
    "write.breadcrumb": "Breadcrumb",
    "write.home": "Home",
    "write.guide": "How to write it well",
    "write.moreExamples": "More examples",
    "write.exampleNumber": "Example {number}",
    "write.exampleNumberInput": "Example {number}: your text",
    "write.exampleNumberOutput": "Example {number}: what it makes of it",
    "write.exampleFields": "What was filled in",
    "write.related": "Write next",
    "write.moreIn": "All in {category}",
    "write.categories": "Browse by kind of text",
    "write.popular": "Popular",
    "write.otherCategories": "Other kinds of text",
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
    "write.breadcrumb": "Sayfa yolu",
    "write.home": "Ana Sayfa",
    "write.guide": "İyi yazmanın yolları",
    "write.moreExamples": "Başka örnekler",
    "write.exampleNumber": "Örnek {number}",
    "write.exampleNumberInput": "Örnek {number}: metniniz",
    "write.exampleNumberOutput": "Örnek {number}: ortaya çıkan metin",
    "write.exampleFields": "Doldurulanlar",
    "write.related": "Sıradaki metin",
    "write.moreIn": "Tüm {category} metinleri",
    "write.categories": "Metin türüne göre göz atın",
    "write.popular": "Çok kullanılanlar",
    "write.otherCategories": "Diğer metin türleri",
  },
);
