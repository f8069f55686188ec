import { describe, expect, it } from "vitest";
import { loadTurkish, successToastTitle } from "#i18n/messages.ts";
import {
  OUTCOME_MESSAGES,
  refinedToastTitle,
  writerBadge,
  type OutcomeMessageKey,
} from "#i18n/outcomes.ts";

await loadTurkish();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("what the desk says it did (issue 22)", () => {
  it("is worded in Turkish for every English key, with the same placeholders", () => {
    const { en, tr } = OUTCOME_MESSAGES;
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as OutcomeMessageKey[]) {
      expect(tr[key].trim(), key).toBeTruthy();
      expect(tr[key], key).not.toBe(en[key]);
      expect(placeholders(tr[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("badges the writer and the model it used", () => {
    expect(writerBadge("english", "mistral-ai", "mistral-small-latest")).toBe(
      "Mistral AI · mistral-small-latest",
    );
    expect(writerBadge("english", "localai", "llama3.2")).toBe("llama3.2 · OpenAI-compatible");
    expect(writerBadge("turkish", "localai", "llama3.2")).toBe("llama3.2 · OpenAI uyumlu");
    expect(writerBadge("english", "llama", "Qwen2.5 0.5B")).toBe("Local AI · Qwen2.5 0.5B");
    // A text read back from the history has no model's name: the writer's badge alone.
    expect(writerBadge("english", "mistral-ai", null)).toBe("Mistral AI");
    expect(writerBadge("english", "localai", null)).toBe("Local AI");
  });

  it("names an OpenAI-compatible server's model in the success toast, not a local one", () => {
    expect(successToastTitle("english", "email", "localai", "llama3.2")).toBe(
      "Email generated using llama3.2.",
    );
    expect(successToastTitle("turkish", "email", "localai", "llama3.2")).toBe(
      "E-posta llama3.2 kullanılarak oluşturuldu.",
    );
  });

  it("toasts what a refinement wrote", () => {
    expect(refinedToastTitle("english", "shorter", "english")).toBe("Shorter version written");
    expect(refinedToastTitle("english", "translate", "german")).toBe("Translated into German");
    expect(refinedToastTitle("turkish", "translate", "german")).toBe("Çeviri yazıldı: Almanca");
    expect(refinedToastTitle("english", "instruction", "english")).toBe(
      "New version written as you asked",
    );
    expect(refinedToastTitle("english", "rephrase", "english")).toBe("New version written");
  });
});
