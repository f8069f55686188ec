import { catalog } from "./catalog.ts";

/**
 * The words of "See what changed" (issue 26), in English and Turkish. A file of its own:
 * they load with the changes view, not with the page (DESIGN §11).
 */
const changesEn = {
  "changes.show": "Show changes",
  "changes.heading": "What changed",
  "changes.fromParent": "Compared with the version before it",
  "changes.fromInput": "Compared with your text",
  "changes.none": "No changes: the two texts are the same.",
  "changes.text": "The text with its changes",
  "changes.added": "Added:",
  "changes.removed": "Removed:",
  "changes.space": "a space",
  "changes.lineBreak": "a line break",
  "changes.replace": "“{removed}” to “{added}”",
  "changes.insert": "add “{added}”",
  "changes.delete": "remove “{removed}”",
  "changes.accept": "Accept change {number}: {change}",
  "changes.reject": "Reject change {number}: {change}",
  "changes.acceptAll": "Accept all",
  "changes.rejectAll": "Reject all",
  "changes.summary":
    "{count} changes · accepted: {accepted} · rejected: {rejected} · not decided: {open}",
  "changes.openKept": "Changes you do not reject are kept as written.",
  "changes.keep": "Keep these changes",
  "changes.close": "Back to the text",
  "changes.allAccepted": "Every change is already in this version: nothing new to save.",
  "changes.allRejected": "You rejected every change: the version before is shown.",
  "changes.failed": "The changes could not be shown.",
} as const;

const changesTr: Record<keyof typeof changesEn, string> = {
  "changes.show": "Değişiklikleri göster",
  "changes.heading": "Neler değişti",
  "changes.fromParent": "Bir önceki sürümle karşılaştırıldı",
  "changes.fromInput": "Sizin metninizle karşılaştırıldı",
  "changes.none": "Değişiklik yok: iki metin aynı.",
  "changes.text": "Değişiklikleriyle metin",
  "changes.added": "Eklendi:",
  "changes.removed": "Silindi:",
  "changes.space": "bir boşluk",
  "changes.lineBreak": "bir satır sonu",
  "changes.replace": "“{removed}” yerine “{added}”",
  "changes.insert": "“{added}” ekle",
  "changes.delete": "“{removed}” sil",
  "changes.accept": "{number}. değişikliği kabul et: {change}",
  "changes.reject": "{number}. değişikliği reddet: {change}",
  "changes.acceptAll": "Tümünü kabul et",
  "changes.rejectAll": "Tümünü reddet",
  "changes.summary":
    "{count} değişiklik · kabul edilen: {accepted} · reddedilen: {rejected} · karar verilmeyen: {open}",
  "changes.openKept": "Reddetmediğiniz değişiklikler yazıldığı gibi kalır.",
  "changes.keep": "Bu değişiklikleri tut",
  "changes.close": "Metne dön",
  "changes.allAccepted": "Tüm değişiklikler bu sürümde zaten var: kaydedilecek yeni bir şey yok.",
  "changes.allRejected": "Tüm değişiklikleri reddettiniz: bir önceki sürüm gösteriliyor.",
  "changes.failed": "Değişiklikler gösterilemedi.",
};

export const changeWords = catalog(changesEn, changesTr);
