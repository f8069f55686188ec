import { catalog } from "./catalog.ts";

/**
 * My templates' words (issue 28), in English and Turkish: the save dialog's and the
 * picker's "Mine". A file of its own, loaded with them on first use, outside the home
 * page's JavaScript (DESIGN §11). The form's "Save as template" is in the main catalog.
 */
const templatesEn = {
  "template.dialog.body":
    "Keep what is in the form under a name: it comes first in the use-case picker, under Mine. In a description, {{name}} marks a placeholder you fill in each time.",
  "template.name": "Template name",
  "template.savesUseCase":
    "Saves the use case {name} with its fields, tone, length, language and voice.",
  "template.savesDescription":
    "Saves the description with its type, tone, length, language and voice.",
  "template.placeholders": "Placeholders to fill: {names}",
  "template.nothing": "Describe the text or choose a use case first.",
  "template.submit": "Save template",
  "template.saved": "Template saved",
  "template.mine": "Mine",
  "template.edit": "Edit",
  "template.remove": "Delete",
  "template.description": "Description",
  "template.update": "Save changes",
  "template.deleted": "Template deleted",
  "template.loadFailed": "Your templates could not be loaded.",
  "template.useCaseSummary": "A use case with its fields",
} as const;

const templatesTr: Record<keyof typeof templatesEn, string> = {
  "template.dialog.body":
    "Formdakileri bir adla saklayın: kullanım alanı seçicide en başta, Benimkiler altında görünür. Bir açıklamada {{name}}, her seferinde dolduracağınız bir yer tutucudur.",
  "template.name": "Şablonun adı",
  "template.savesUseCase":
    "{name} kullanım alanını alanları, üslubu, uzunluğu, dili ve sesiyle kaydeder.",
  "template.savesDescription": "Açıklamayı türü, üslubu, uzunluğu, dili ve sesiyle kaydeder.",
  "template.placeholders": "Doldurulacak yer tutucular: {names}",
  "template.nothing": "Önce metni anlatın ya da bir kullanım alanı seçin.",
  "template.submit": "Şablonu kaydet",
  "template.saved": "Şablon kaydedildi",
  "template.mine": "Benimkiler",
  "template.edit": "Düzenle",
  "template.remove": "Sil",
  "template.description": "Açıklama",
  "template.update": "Değişiklikleri kaydet",
  "template.deleted": "Şablon silindi",
  "template.loadFailed": "Şablonlarınız yüklenemedi.",
  "template.useCaseSummary": "Alanlarıyla bir kullanım alanı",
};

export const templateWords = catalog(templatesEn, templatesTr);
