import { describe, expect, it } from "vitest";
import { messages } from "#i18n/messages.ts";
import { refinedToastTitle, writerBadge } from "#i18n/outcomes.ts";
import { successToastTitle } from "#i18n/wording.ts";

// Its Turkish has every English key and placeholder, and reads differently:
// tests/unit/catalogs.test.ts.
await messages.load();

describe("what the desk says it did (issue 22)", () => {
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
