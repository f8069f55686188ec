import { describe, expect, it } from "vitest";
import { messages } from "#i18n/messages.ts";
import { passageWords } from "#i18n/passages.ts";
import { voiceWords } from "#i18n/voices.ts";

// Their Turkish has every English key and placeholder, and reads differently:
// tests/unit/catalogs.test.ts.
await messages.load();

describe("the voice dialog's words", () => {
  it("follow the chosen language, as the main catalog does", () => {
    expect(voiceWords.translate("turkish", "voice.count", { count: 3, max: 10 })).toBe(
      "3 / 10 ses",
    );
    expect(voiceWords.translate("german", "voice.count", { count: 3, max: 10 })).toBe(
      "3 of 10 voices",
    );
    expect(messages.translate("turkish", "voice.label")).toBe("Yazım sesi");
  });
});

describe("the passage tools' words", () => {
  it("follow the chosen language", () => {
    expect(passageWords.translate("turkish", "passage.price", { low: 10, high: 30 })).toBe(
      "Yaklaşık 10–30 kredi",
    );
    expect(passageWords.translate("french", "passage.keep")).toBe("Keep");
  });
});
