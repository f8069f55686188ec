import { catalog } from "./catalog.ts";

/**
 * The voice dialog's words (issue 42), in English and Turkish. A file of its own because
 * the dialog loads on first use: its words stay out of the home page's JavaScript
 * (DESIGN §11). The picker's few words are in the main catalog (`voice.*`).
 */
const voicesEn = {
  "voice.dialog.title": "Your voices",
  "voice.dialog.body":
    "Describe how you write, paste a sample of your own writing, or both. Choose a voice in the form and texts are written the way you write.",
  "voice.count": "{count} of {max} voices",
  "voice.empty": "You have no voices yet.",
  "voice.name": "Name",
  "voice.description": "How you write",
  "voice.descriptionHint": "For example: short sentences, first names, no exclamation marks.",
  "voice.sample": "A sample of your writing",
  "voice.newHeading": "New voice",
  "voice.editHeading": "Change {name}",
  "voice.add": "Save voice",
  "voice.update": "Save changes",
  "voice.change": "Change",
  "voice.remove": "Delete",
  "voice.saved": "Voice saved",
  "voice.deleted": "Voice deleted",
  "voice.confirmRemove": "Delete {name}? Texts written in it keep their words.",
  "voice.confirmYes": "Yes, delete",
  "voice.loadFailed": "Your voices could not be loaded.",
} as const;

const voicesTr: Record<keyof typeof voicesEn, string> = {
  "voice.dialog.title": "Yazım sesleriniz",
  "voice.dialog.body":
    "Nasıl yazdığınızı anlatın, kendi yazınızdan bir örnek yapıştırın ya da ikisini birden yapın. Formda bir ses seçtiğinizde metinler sizin yazdığınız gibi yazılır.",
  "voice.count": "{count} / {max} ses",
  "voice.empty": "Henüz bir sesiniz yok.",
  "voice.name": "Ad",
  "voice.description": "Nasıl yazarsınız",
  "voice.descriptionHint": "Örneğin: kısa cümleler, isimle hitap, ünlem işareti yok.",
  "voice.sample": "Yazınızdan bir örnek",
  "voice.newHeading": "Yeni ses",
  "voice.editHeading": "{name} sesini değiştir",
  "voice.add": "Sesi kaydet",
  "voice.update": "Değişiklikleri kaydet",
  "voice.change": "Değiştir",
  "voice.remove": "Sil",
  "voice.saved": "Ses kaydedildi",
  "voice.deleted": "Ses silindi",
  "voice.confirmRemove": "{name} silinsin mi? Bu sesle yazılan metinler olduğu gibi kalır.",
  "voice.confirmYes": "Evet, sil",
  "voice.loadFailed": "Sesleriniz yüklenemedi.",
};

export const voiceWords = catalog(voicesEn, voicesTr);
