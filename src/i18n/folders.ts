import { catalog } from "./catalog.ts";

/**
 * Folders' words (issue 28), in English and Turkish: the history's folder filter, "Move to
 * folder", the folders dialog, and the desk's note of the folder a new text goes into. A
 * namespace of its own: the main catalog is in every page's JavaScript.
 */
const foldersEn = {
  "folders.filter": "Folder",
  "folders.all": "All folders",
  "folders.unfiled": "Not in a folder",
  "folders.manage": "Manage folders",
  "folders.column": "Folder",
  "folders.moveNamed": "Move “{subject}” to a folder",
  "folders.noFolder": "No folder",
  "folders.moved": "Moved to {name}",
  "folders.takenOut": "Taken out of its folder",
  "folders.writeHere": "Write a new text in {name}",
  "folders.dialog.title": "Your folders",
  "folders.dialog.body":
    "File texts into folders to find them again. A text is in one folder at most, with all its versions; deleting a folder keeps its texts. A folder's voice writes the new texts you start from it.",
  "folders.count": "{count} of {max} folders",
  "folders.empty": "You have no folders yet.",
  "folders.texts.one": "{count} text",
  "folders.texts.other": "{count} texts",
  "folders.name": "Name",
  "folders.nameOf": "Name of {name}",
  "folders.voice": "Voice for new texts",
  "folders.voiceOf": "Voice of {name}",
  "folders.noVoice": "No voice",
  "folders.newHeading": "New folder",
  "folders.add": "Add folder",
  "folders.rename": "Rename",
  "folders.save": "Save",
  "folders.remove": "Delete",
  "folders.saved": "Folder saved",
  "folders.deleted": "Folder deleted; its texts are kept",
  "folders.loadFailed": "Your folders could not be loaded.",
  "folders.filing": "New texts go into {name}",
  "folders.stopFiling": "Don't file into {name}",
} as const;

const foldersTr: Record<keyof typeof foldersEn, string> = {
  "folders.filter": "Klasör",
  "folders.all": "Tüm klasörler",
  "folders.unfiled": "Klasörde olmayanlar",
  "folders.manage": "Klasörleri yönet",
  "folders.column": "Klasör",
  "folders.moveNamed": "“{subject}” metnini bir klasöre taşı",
  "folders.noFolder": "Klasör yok",
  "folders.moved": "{name} klasörüne taşındı",
  "folders.takenOut": "Klasöründen çıkarıldı",
  "folders.writeHere": "{name} klasöründe yeni bir metin yaz",
  "folders.dialog.title": "Klasörleriniz",
  "folders.dialog.body":
    "Metinlerinizi yeniden bulmak için klasörlere koyun. Bir metin tüm sürümleriyle en fazla bir klasörde durur; bir klasörü silmek metinlerini silmez. Bir klasörün sesi, o klasörden başlattığınız yeni metinleri yazar.",
  "folders.count": "{count} / {max} klasör",
  "folders.empty": "Henüz bir klasörünüz yok.",
  "folders.texts.one": "{count} metin",
  "folders.texts.other": "{count} metin",
  "folders.name": "Ad",
  "folders.nameOf": "{name} klasörünün adı",
  "folders.voice": "Yeni metinlerin sesi",
  "folders.voiceOf": "{name} klasörünün sesi",
  "folders.noVoice": "Ses yok",
  "folders.newHeading": "Yeni klasör",
  "folders.add": "Klasör ekle",
  "folders.rename": "Yeniden adlandır",
  "folders.save": "Kaydet",
  "folders.remove": "Sil",
  "folders.saved": "Klasör kaydedildi",
  "folders.deleted": "Klasör silindi; metinleri duruyor",
  "folders.loadFailed": "Klasörleriniz yüklenemedi.",
  "folders.filing": "Yeni metinler {name} klasörüne gider",
  "folders.stopFiling": "{name} klasörüne koyma",
};

export const folderWords = catalog(foldersEn, foldersTr);
