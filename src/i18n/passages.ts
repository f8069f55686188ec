import { catalog } from "./catalog.ts";

/**
 * The words of the shown text's passage tools, its review and "Ask for a change" (issue
 * 43), in English and Turkish. A file of its own because they load with the shown text:
 * their words stay out of the home page's JavaScript (DESIGN §11).
 */
const passagesEn = {
  "text.label": "Your text. Select a passage to change it, or press Shift+F10 to choose one.",
  "passage.tools": "Change the selected passage",
  "passage.rephrase": "Rephrase",
  "passage.shorter": "Shorter",
  "passage.longer": "Longer",
  "passage.simpler": "Simpler",
  "passage.formal": "More formal",
  "passage.friendlier": "Friendlier",
  "passage.grammar": "Fix grammar and spelling",
  "passage.continue": "Continue from here",
  "passage.ask": "Ask…",
  "passage.askLabel": "What should change in this passage?",
  "passage.askPlaceholder": "For example: make it warmer",
  "passage.askSend": "Change it",
  "passage.previous": "Previous paragraph",
  "passage.next": "Next paragraph",
  "passage.close": "Close",
  "passage.price": "About {low}–{high} credits",
  "passage.priceOne": "About {credits} credits",
  "passage.selected": "Passage selected. Press Shift+F10 to change it.",
  "passage.review": "The new passage is marked · {credits} credits",
  "passage.reviewStopped": "The new passage stopped early · {credits} credits",
  "passage.keep": "Keep",
  "passage.tryAgain": "Try again",
  "passage.discard": "Discard",
  "passage.kept": "Passage kept",
  "passage.discarded": "Passage discarded",
  "ask.label": "Ask for a change",
  "ask.placeholder": "For example: make the second paragraph warmer, add a P.S. about Friday",
  "ask.send": "Ask",
  "ask.price": "A new version of the whole text · {credits} credits",
  "template.noAi":
    "The AI writer does not change template drafts: edit this one yourself, or generate it again once an AI writer is available.",
} as const;

const passagesTr: Record<keyof typeof passagesEn, string> = {
  "text.label":
    "Metniniz. Değiştirmek için bir bölüm seçin ya da bir bölüm seçmek için Shift+F10'a basın.",
  "passage.tools": "Seçilen bölümü değiştir",
  "passage.rephrase": "Yeniden yaz",
  "passage.shorter": "Daha kısa",
  "passage.longer": "Daha uzun",
  "passage.simpler": "Daha sade",
  "passage.formal": "Daha resmî",
  "passage.friendlier": "Daha samimi",
  "passage.grammar": "Dil bilgisi ve yazımı düzelt",
  "passage.continue": "Buradan devam et",
  "passage.ask": "İste…",
  "passage.askLabel": "Bu bölümde ne değişsin?",
  "passage.askPlaceholder": "Örneğin: daha sıcak yap",
  "passage.askSend": "Değiştir",
  "passage.previous": "Önceki paragraf",
  "passage.next": "Sonraki paragraf",
  "passage.close": "Kapat",
  "passage.price": "Yaklaşık {low}–{high} kredi",
  "passage.priceOne": "Yaklaşık {credits} kredi",
  "passage.selected": "Bölüm seçildi. Değiştirmek için Shift+F10'a basın.",
  "passage.review": "Yeni bölüm işaretli · {credits} kredi",
  "passage.reviewStopped": "Yeni bölüm erken durdu · {credits} kredi",
  "passage.keep": "Tut",
  "passage.tryAgain": "Yeniden dene",
  "passage.discard": "Vazgeç",
  "passage.kept": "Bölüm tutuldu",
  "passage.discarded": "Bölümden vazgeçildi",
  "ask.label": "Bir değişiklik isteyin",
  "ask.placeholder": "Örneğin: ikinci paragrafı daha sıcak yap, cuma için bir not ekle",
  "ask.send": "İste",
  "ask.price": "Metnin tamamının yeni bir sürümü · {credits} kredi",
  "template.noAi":
    "Yapay zekâ yazarı şablon taslaklarını değiştirmez: bunu kendiniz düzenleyin ya da bir yapay zekâ yazarı olduğunda yeniden oluşturun.",
};

export const passageWords = catalog(passagesEn, passagesTr);
