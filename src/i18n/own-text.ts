import { catalog } from "./catalog.ts";

/**
 * The words of "Start from your text" (issue 26): the dialog, the text box with its count
 * and the file reader's messages, in English and Turkish. A file of its own because they
 * load with the dialog: only its button is in the home page's JavaScript (DESIGN §11).
 */
const ownTextEn = {
  "dialog.title": "Start from your text",
  "dialog.body":
    "Paste your text, or open a .txt, .md or .docx file. It becomes the first version on the desk, free: then change it with the passage tools, Ask for a change or Edit.",
  "input.label": "Your text",
  "input.count": "{count} / {max} characters",
  "input.tooLong":
    "Your text has {count} characters; the most is {max} (about 1,000 words). Please shorten it: nothing is cut for you.",
  "input.empty": "Please paste your text, or open a file.",
  "file.open": "Open a file",
  "file.hint": ".txt, .md or .docx, up to 2 MB",
  "file.reading": "Reading {name}…",
  "file.opened": "{name} opened.",
  "file.tooBig": "{name} is {size} MB; a file may be 2 MB at most. Nothing was read.",
  "file.kind": "{name} is not a .txt, .md or .docx file. Nothing was read.",
  "file.notText":
    "{name} is not a text file: it holds bytes that are not text (an image, perhaps). Nothing was changed.",
  "file.docxUnreadable": "{name} could not be read as a Word document. Nothing was changed.",
  "file.empty": "{name} holds no text. Nothing was changed.",
  use: "Use this text",
  using: "Keeping your text…",
  cancel: "Cancel",
  kept: "Your text is on the desk",
  failed: "Your text could not be kept",
} as const;

const ownTextTr: Record<keyof typeof ownTextEn, string> = {
  "dialog.title": "Kendi metninizle başlayın",
  "dialog.body":
    "Metninizi yapıştırın ya da bir .txt, .md veya .docx dosyası açın. Masadaki ilk sürüm olur, ücretsizdir: sonra bölüm araçları, Değişiklik iste ya da Düzenle ile değiştirin.",
  "input.label": "Metniniz",
  "input.count": "{count} / {max} karakter",
  "input.tooLong":
    "Metniniz {count} karakter; en fazla {max} olabilir (yaklaşık 1.000 kelime). Lütfen kısaltın: sizin yerinize hiçbir şey kesilmez.",
  "input.empty": "Lütfen metninizi yapıştırın ya da bir dosya açın.",
  "file.open": "Dosya aç",
  "file.hint": ".txt, .md veya .docx, en fazla 2 MB",
  "file.reading": "{name} okunuyor…",
  "file.opened": "{name} açıldı.",
  "file.tooBig": "{name} {size} MB; bir dosya en fazla 2 MB olabilir. Hiçbir şey okunmadı.",
  "file.kind": "{name} bir .txt, .md veya .docx dosyası değil. Hiçbir şey okunmadı.",
  "file.notText":
    "{name} bir metin dosyası değil: metin olmayan baytlar içeriyor (belki bir görsel). Hiçbir şey değişmedi.",
  "file.docxUnreadable": "{name} bir Word belgesi olarak okunamadı. Hiçbir şey değişmedi.",
  "file.empty": "{name} hiç metin içermiyor. Hiçbir şey değişmedi.",
  use: "Bu metni kullan",
  using: "Metniniz saklanıyor…",
  cancel: "Vazgeç",
  kept: "Metniniz masada",
  failed: "Metniniz saklanamadı",
};

export const ownTextWords = catalog(ownTextEn, ownTextTr);
export type OwnTextKey = keyof typeof ownTextEn;
