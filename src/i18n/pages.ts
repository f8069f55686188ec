import { catalog } from "./catalog.ts";

/**
 * The content pages' own words (about, contact, the legal pages, 404, the API reference),
 * in English and Turkish. They are written into the built page in both languages
 * (Words.astro, with `pageWords.both(key)`), so that these pages, which load no catalog,
 * show them in the chosen language (decision 099). The API reference's own text is the
 * OpenAPI document's, in English, as the API's messages are.
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
    "about.apiReference": "Calling the writer from a script? Read the API reference.",
    "apiDocs.heading": "API reference",
    "apiDocs.intro":
      "Every endpoint of the site's API, from its OpenAPI 3.1 document. Each use case has its own typed path: POST its fields and get the text back as JSON, or as server-sent events with Accept: text/event-stream. Texts are priced, limited and refunded as on the site.",
    "apiDocs.auth":
      "Call with the session cookie, or with Authorization: Bearer and a login's token or an API key; without either, you are a guest with the guest trial. A refusal is a 4xx whose JSON is { success: false, message, code, fieldErrors }.",
    "apiDocs.document": "The OpenAPI document",
    "apiDocs.contents": "Contents",
    "apiDocs.parameters": "Parameters",
    "apiDocs.body": "Request body (JSON)",
    "apiDocs.shared": "Every use case's body also takes these settings",
    "apiDocs.name": "Name",
    "apiDocs.type": "Type",
    "apiDocs.required": "Needed",
    "apiDocs.notes": "Notes",
    "apiDocs.yes": "required",
    "apiDocs.no": "optional",
    "apiDocs.inEnglish": "The reference below is in English, as the API's messages are.",
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
    "about.apiReference": "Yazarı bir betikten mi çağıracaksınız? API başvuru kılavuzunu okuyun.",
    "apiDocs.heading": "API başvuru kılavuzu",
    "apiDocs.intro":
      "Sitenin API'sindeki her uç nokta, OpenAPI 3.1 belgesinden. Her kullanım senaryosunun kendi türlendirilmiş yolu vardır: alanlarını POST ile gönderin, metni JSON olarak ya da Accept: text/event-stream ile sunucu olayları olarak alın. Metinler sitedeki gibi ücretlendirilir, sınırlanır ve iade edilir.",
    "apiDocs.auth":
      "Oturum çereziyle ya da Authorization: Bearer ile bir girişin belirteci veya bir API anahtarıyla çağırın; ikisi de yoksa misafir denemesiyle misafirsiniz. Bir ret, JSON'u { success: false, message, code, fieldErrors } olan bir 4xx yanıtıdır.",
    "apiDocs.document": "OpenAPI belgesi",
    "apiDocs.contents": "İçindekiler",
    "apiDocs.parameters": "Parametreler",
    "apiDocs.body": "İstek gövdesi (JSON)",
    "apiDocs.shared": "Her kullanım senaryosunun gövdesi bu ayarları da alır",
    "apiDocs.name": "Ad",
    "apiDocs.type": "Tür",
    "apiDocs.required": "Gerekli",
    "apiDocs.notes": "Notlar",
    "apiDocs.yes": "zorunlu",
    "apiDocs.no": "isteğe bağlı",
    "apiDocs.inEnglish": "Aşağıdaki kılavuz, API'nin iletileri gibi İngilizcedir.",
  },
);
