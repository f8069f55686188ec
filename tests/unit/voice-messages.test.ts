import { describe, expect, it } from "vitest";
import { loadTurkish, translate } from "#i18n/messages.ts";
import { PASSAGE_MESSAGES, passageMessage, type PassageMessageKey } from "#i18n/passages.ts";
import { VOICE_MESSAGES, voiceMessage, type VoiceMessageKey } from "#i18n/voices.ts";

await loadTurkish();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the voice dialog's words", () => {
  it("are worded in Turkish for every English key, with the same placeholders", () => {
    const { en, tr } = VOICE_MESSAGES;
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as VoiceMessageKey[]) {
      expect(tr[key].trim(), key).toBeTruthy();
      expect(tr[key], key).not.toBe(en[key]);
      expect(placeholders(tr[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("follow the chosen language, as the main catalog does", () => {
    expect(voiceMessage("turkish", "voice.count", { count: 3, max: 10 })).toBe("3 / 10 ses");
    expect(voiceMessage("german", "voice.count", { count: 3, max: 10 })).toBe("3 of 10 voices");
    expect(translate("turkish", "voice.label")).toBe("Yazım sesi");
  });
});

describe("the passage tools' words", () => {
  it("are worded in Turkish for every English key, with the same placeholders", () => {
    const { en, tr } = PASSAGE_MESSAGES;
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as PassageMessageKey[]) {
      expect(tr[key].trim(), key).toBeTruthy();
      expect(tr[key], key).not.toBe(en[key]);
      expect(placeholders(tr[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("follow the chosen language", () => {
    expect(passageMessage("turkish", "passage.price", { low: 10, high: 30 })).toBe(
      "Yaklaşık 10–30 kredi",
    );
    expect(passageMessage("french", "passage.keep")).toBe("Keep");
  });
});
