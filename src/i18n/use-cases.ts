import { catalog } from "./catalog.ts";

/**
 * The use-case picker's and fields' words (issue 42), and "Try this example" (issue 27), in
 * English and Turkish. A file of its own because that code loads when a use case is picked:
 * its words stay out of the home page's JavaScript (DESIGN §11). The words shown before are in the main catalog
 * (`useCase.*`), and the use cases' own texts in their files (`localized()`).
 */
const useCasesEn = {
  "useCase.change": "Change use case",
  "useCase.describeHint": "Say in your own words what to write.",
  "useCase.pick": "Choose…",
  "useCase.dialog.body": "Pick what you want to write: its form asks for what the writer needs.",
  "useCase.search": "Search use cases",
  "useCase.count.one": "{count} use case",
  "useCase.count.other": "{count} use cases",
  "useCase.noMatch": "No use case matches your search.",
  "useCase.loadFailed": "The use cases could not be loaded. Please try again.",
  "useCase.example.try": "Try this example",
  "useCase.example.heading": "Example",
  "useCase.example.note": "This is an example. Write mine to get your own.",
  "useCase.example.text": "Example text",
  "useCase.example.write": "Write mine",
} as const;

const useCasesTr: Record<keyof typeof useCasesEn, string> = {
  "useCase.change": "Kullanım alanını değiştir",
  "useCase.describeHint": "Ne yazılacağını kendi sözlerinizle anlatın.",
  "useCase.pick": "Seçin…",
  "useCase.dialog.body":
    "Ne yazmak istediğinizi seçin: formu, yazarın ihtiyaç duyduğu bilgileri sorar.",
  "useCase.search": "Kullanım alanlarında arayın",
  "useCase.count.one": "{count} kullanım alanı",
  "useCase.count.other": "{count} kullanım alanı",
  "useCase.noMatch": "Aramanıza uyan bir kullanım alanı yok.",
  "useCase.loadFailed": "Kullanım alanları yüklenemedi. Lütfen yeniden deneyin.",
  "useCase.example.try": "Bu örneği deneyin",
  "useCase.example.heading": "Örnek",
  "useCase.example.note": "Bu bir örnek. Kendi metniniz için Benimkini yaz'a basın.",
  "useCase.example.text": "Örnek metin",
  "useCase.example.write": "Benimkini yaz",
};

export const useCaseWords = catalog(useCasesEn, useCasesTr);
