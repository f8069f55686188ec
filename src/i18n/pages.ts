import { catalog } from "./catalog.ts";

/**
 * The content pages' own words (about, contact, the legal pages, 404), in English and
 * Turkish. They are written into the built page in both languages (Words.astro, with
 * `pageWords.both(key)`), so that these pages, which load no catalog, show them in the chosen
 * language (decision 099).
 */
export const pageWords = catalog(
  {
    "page.lastUpdated": "Last updated:",
    "about.questions": "Questions or ideas?",
    "about.contactUs": "Contact us",
    "contact.emailSupport": "Email support",
    "contact.replyTime": "Our support team replies within 24 hours.",
    "contact.faq": "Frequently asked questions",
    "notFound.requested": "Requested address:",
    "notFound.home": "Home",
    "notFound.back": "Go Back",
    "notFound.contact": "Contact",
    "notFound.toHome": "Go to the homepage",
    "notFound.mistake": "Think this is a mistake?",
    "notFound.report": "Report the error to {email}",
  },
  {
    "page.lastUpdated": "Son güncelleme:",
    "about.questions": "Sorunuz ya da fikriniz mi var?",
    "about.contactUs": "Bize ulaşın",
    "contact.emailSupport": "E-posta desteği",
    "contact.replyTime": "Destek ekibimiz 24 saat içinde yanıt verir.",
    "contact.faq": "Sık sorulan sorular",
    "notFound.requested": "İstenen adres:",
    "notFound.home": "Ana Sayfa",
    "notFound.back": "Geri Dön",
    "notFound.contact": "İletişim",
    "notFound.toHome": "Ana sayfaya git",
    "notFound.mistake": "Bir yanlışlık mı var?",
    "notFound.report": "Hatayı {email} adresine bildirin",
  },
);
