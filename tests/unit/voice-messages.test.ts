import { describe, expect, it } from "vitest";
import { loadTurkish, translate } from "#i18n/messages.ts";
import { PASSAGE_MESSAGES, passageMessage } from "#i18n/passages.ts";
import { VOICE_MESSAGES, voiceMessage } from "#i18n/voices.ts";
import { expectWordedInTurkish } from "../support/i18n-same.ts";

await loadTurkish();

describe("the voice dialog's words", () => {
  it("are worded in Turkish for every English key, with the same placeholders", () => {
    expectWordedInTurkish(VOICE_MESSAGES);
  });

  it("follow the chosen language, as the main catalog does", () => {
    expect(voiceMessage("turkish", "voice.count", { count: 3, max: 10 })).toBe("3 / 10 ses");
    expect(voiceMessage("german", "voice.count", { count: 3, max: 10 })).toBe("3 of 10 voices");
    expect(translate("turkish", "voice.label")).toBe("Yazım sesi");
  });
});

describe("the passage tools' words", () => {
  it("are worded in Turkish for every English key, with the same placeholders", () => {
    expectWordedInTurkish(PASSAGE_MESSAGES);
  });

  it("follow the chosen language", () => {
    expect(passageMessage("turkish", "passage.price", { low: 10, high: 30 })).toBe(
      "Yaklaşık 10–30 kredi",
    );
    expect(passageMessage("french", "passage.keep")).toBe("Keep");
  });
});
