import type { Localized } from "#shared/use-cases.ts";

/**
 * The content pages' own words (about, contact, the legal pages, 404), in English and
 * Turkish. They are written into the built page in both languages (Words.astro), so that
 * these pages, which load no catalog, show them in the chosen language (decision 099).
 */
export const PAGE_WORDS = {
  "page.lastUpdated": { en: "Last updated:", tr: "Son güncelleme:" },
  "about.questions": { en: "Questions or ideas?", tr: "Sorunuz ya da fikriniz mi var?" },
  "about.contactUs": { en: "Contact us", tr: "Bize ulaşın" },
  "contact.emailSupport": { en: "Email support", tr: "E-posta desteği" },
  "contact.replyTime": {
    en: "Our support team replies within 24 hours.",
    tr: "Destek ekibimiz 24 saat içinde yanıt verir.",
  },
  "contact.faq": { en: "Frequently asked questions", tr: "Sık sorulan sorular" },
  "notFound.requested": { en: "Requested address:", tr: "İstenen adres:" },
  "notFound.home": { en: "Home", tr: "Ana Sayfa" },
  "notFound.back": { en: "Go Back", tr: "Geri Dön" },
  "notFound.contact": { en: "Contact", tr: "İletişim" },
  "notFound.toHome": { en: "Go to the homepage", tr: "Ana sayfaya git" },
  "notFound.mistake": { en: "Think this is a mistake?", tr: "Bir yanlışlık mı var?" },
  "notFound.report": { en: "Report the error to {email}", tr: "Hatayı {email} adresine bildirin" },
} as const satisfies Record<string, Localized>;

/** A text of both languages with its `{placeholders}` filled. */
export function fillBoth(text: Localized, values: Record<string, string>): Localized {
  const fill = (words: string) => words.replace(/\{(\w+)\}/g, (all, name) => values[name] ?? all);
  return { en: fill(text.en), tr: fill(text.tr) };
}
