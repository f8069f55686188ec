import { brandBadge } from "#shared/models.ts";
import { catalog } from "./catalog.ts";
import { languageName, modelBadge } from "./wording.ts";

/**
 * What the desk says it did (issue 22): the badge naming the writer and its model, the
 * toast naming a refinement, the history's mark on a stopped text; in English and Turkish.
 * A file of its own because only the shown text and the history need it: its words stay
 * out of the home page's JavaScript (DESIGN §11).
 */
const outcomesEn = {
  "badge.localaiModel": "{model} · OpenAI-compatible",
  "refined.shorter": "Shorter version written",
  "refined.longer": "Longer version written",
  "refined.formal": "More formal version written",
  "refined.friendlier": "Friendlier version written",
  "refined.translate": "Translated into {language}",
  "refined.instruction": "New version written as you asked",
  "refined.other": "New version written",
  "history.stopped": "Stopped after {words} words",
} as const;

const outcomesTr: Record<keyof typeof outcomesEn, string> = {
  "badge.localaiModel": "{model} · OpenAI uyumlu",
  "refined.shorter": "Daha kısa sürüm yazıldı",
  "refined.longer": "Daha uzun sürüm yazıldı",
  "refined.formal": "Daha resmî sürüm yazıldı",
  "refined.friendlier": "Daha samimi sürüm yazıldı",
  "refined.translate": "Çeviri yazıldı: {language}",
  "refined.instruction": "İstediğiniz gibi yeni sürüm yazıldı",
  "refined.other": "Yeni sürüm yazıldı",
  "history.stopped": "{words} kelimeden sonra durduruldu",
};

export const outcomeWords = catalog(outcomesEn, outcomesTr);

/**
 * The badge of the writer that wrote a text, with the model it used when the server says
 * which: "Mistral AI · mistral-small-latest", "llama3.2 · OpenAI-compatible", "Local AI ·
 * Qwen2.5 0.5B". Without a model's name, the writer's badge alone (spec §9).
 */
export function writerBadge(
  language: string,
  modelUsed: string | null | undefined,
  modelName: string | null | undefined,
): string {
  if (modelName && modelUsed === "localai") {
    return outcomeWords.translate(language, "badge.localaiModel", { model: modelName });
  }
  if (modelName && modelUsed === "mistral-ai") return `${brandBadge(modelUsed)} · ${modelName}`;
  return modelBadge(language, modelUsed, modelName);
}

/** A refinement's success toast: what was written ("Shorter version written", …). */
export function refinedToastTitle(
  language: string,
  action: string,
  targetLanguage: string | null | undefined,
): string {
  if (action === "translate") {
    return outcomeWords.translate(language, "refined.translate", {
      language: languageName(language, targetLanguage),
    });
  }
  const key = `refined.${action}`;
  return outcomeWords.translate(language, outcomeWords.has(key) ? key : "refined.other");
}
