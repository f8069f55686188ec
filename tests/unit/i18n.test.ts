import { describe, expect, it } from "vitest";
import {
  describeFailure,
  failureToastTitle,
  languageOption,
  loadTurkish,
  messagesFor,
  modelBadge,
  successToastTitle,
  translate,
  translateCount,
  versionLabel,
  wordMessage,
  type MessageKey,
} from "#i18n/messages.ts";
import { FAILURES } from "#shared/failures.ts";
import { SAME_IN_BOTH } from "../support/i18n-same.ts";

await loadTurkish();
const en = messagesFor("english");
const tr = messagesFor("turkish");
const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalog", () => {
  it("answers in Turkish only when Turkish is selected", () => {
    expect(translate("turkish", "creditDialog.user.ok")).toBe("Tamam");
    expect(translate("english", "creditDialog.user.ok")).toBe("OK");
    expect(translate("german", "creditDialog.user.ok")).toBe("OK");
  });

  it("has a Turkish entry for every key, with the same placeholders", () => {
    expect(Object.keys(tr).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(tr[key]?.trim(), key).toBeTruthy();
      expect(placeholders(tr[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("reads differently in Turkish except where the list says why not", () => {
    const same = keys.filter((key) => tr[key] === en[key]);
    expect(same.sort()).toEqual(Object.keys(SAME_IN_BOTH).sort());
  });

  it("words every message the shared schemas and the server answer with", () => {
    for (const message of Object.values(FAILURES)) {
      expect(wordMessage("english", message)).toBe(message);
      expect(wordMessage("turkish", message), message).not.toBe(message);
    }
  });

  it("carries the spec's Turkish strings verbatim", () => {
    expect(translate("turkish", "toast.copied")).toBe("Metin panoya kopyalandı!");
    expect(translate("turkish", "toast.copyFailed")).toBe("Metin kopyalanamadı.");
    expect(translate("turkish", "error.network")).toBe(
      "Ağ hatası. Lütfen bağlantınızı kontrol edin.",
    );
    expect(translate("turkish", "error.generationFailed", { message: "x" })).toBe(
      "E-posta oluşturulamadı: x",
    );
  });

  it("fills placeholders, numbers in the chosen language's way", () => {
    expect(translate("english", "toast.success", { model: "Mistral AI" })).toBe(
      "Email generated using Mistral AI.",
    );
    expect(translate("english", "desk.cost", { cost: 100, credits: 1200 })).toBe(
      "Uses 100 of your 1,200 credits",
    );
    expect(translate("turkish", "desk.cost", { cost: 100, credits: 1200 })).toBe(
      "1.200 kredinizin 100 kadarını kullanır",
    );
    // The interface stays English for German, its numbers follow German.
    expect(translate("german", "desk.cost", { cost: 100, credits: 1200 })).toBe(
      "Uses 100 of your 1.200 credits",
    );
  });

  it("counts in the interface's plural forms", () => {
    expect(translateCount("english", "history.count", 1)).toBe("1 text");
    expect(translateCount("english", "history.count", 3)).toBe("3 texts");
    expect(translateCount("turkish", "history.count", 3)).toBe("3 metin");
  });

  it("names languages, types and badges in the interface's language", () => {
    expect(languageOption("english", "german")).toBe("Deutsch (German)");
    expect(languageOption("english", "english")).toBe("English");
    expect(languageOption("turkish", "english")).toBe("English (İngilizce)");
    expect(languageOption("turkish", "turkish")).toBe("Türkçe");
    expect(modelBadge("turkish", "local")).toBe("Şablon taslak");
    expect(modelBadge("turkish", "llama", "Qwen2.5 0.5B")).toBe("Yerel Yapay Zekâ · Qwen2.5 0.5B");
    expect(modelBadge("turkish", "mistral-ai")).toBe("Mistral AI");
    expect(modelBadge("english", "something-new")).toBe("AI");
    expect(versionLabel("turkish", { refinement: "translate", language: "french" })).toBe(
      "Fransızca çevirisi",
    );
    expect(versionLabel("english", { refinement: "translate", language: "french" })).toBe(
      "Translated into French",
    );
  });
});

describe("failed answers", () => {
  it("show the server's English message in English", () => {
    expect(
      describeFailure("english", { message: "Too many attempts.", code: "RATE_LIMITED" }),
    ).toBe("Too many attempts.");
    expect(describeFailure("english", {}, "history.deleteFailed")).toBe(
      "An error occurred while deleting the text.",
    );
  });

  it("are worded by their reason key, whatever English the server sent with it", () => {
    const reworded = { message: "Reworded in English.", code: "RATE_LIMITED" };
    expect(describeFailure("turkish", { ...reworded, reason: "ownerTextsInFlight" })).toBe(
      translate("turkish", "failure.ownerTextsInFlight"),
    );
    expect(describeFailure("english", { ...reworded, reason: "ownerTextsInFlight" })).toBe(
      FAILURES.ownerTextsInFlight,
    );
    expect(translate("turkish", "failure.ownerTextsInFlight")).not.toBe(
      FAILURES.ownerTextsInFlight,
    );
  });

  it("are worded in Turkish by their shared message, else by their code", () => {
    expect(
      describeFailure("turkish", { message: FAILURES.invalidCredentials, code: "UNAUTHORIZED" }),
    ).toBe("E-posta adresi veya şifre hatalı.");
    expect(describeFailure("turkish", { message: "Please sign in.", code: "UNAUTHORIZED" })).toBe(
      "Devam etmek için lütfen giriş yapın.",
    );
    expect(
      describeFailure("turkish", { message: "x", code: "RATE_LIMITED", retryAfter: 120 }),
    ).toBe("Çok fazla deneme. Lütfen 2 dakika sonra tekrar deneyin.");
    expect(
      describeFailure("turkish", { message: "x", code: "SOMETHING_NEW" }, "error.generic"),
    ).toBe("Metin oluşturulamadı. Lütfen tekrar deneyin.");
  });
});

describe("success toast", () => {
  it("keeps the spec's wording for e-mails and names other types", () => {
    expect(successToastTitle("english", "email", "mistral-ai")).toBe(
      "Email generated using Mistral AI.",
    );
    expect(successToastTitle("english", "essay", "localai")).toBe(
      "Essay generated using a local AI model.",
    );
  });

  it("is all Turkish when Turkish is selected, the writer's name too", () => {
    expect(successToastTitle("turkish", "email", "localai")).toBe(
      "E-posta yerel bir yapay zekâ modeli kullanılarak oluşturuldu.",
    );
    expect(successToastTitle("turkish", "story", "local")).toBe(
      "Hikâye bir şablon kullanılarak oluşturuldu.",
    );
    expect(successToastTitle("turkish", "essay", "aitextgenerator-smart-ai")).toBe(
      "Deneme Akıllı Yapay Zekâ kullanılarak oluşturuldu.",
    );
  });
});

describe("failure toast", () => {
  it("keeps the spec's wording for e-mails and names other types", () => {
    expect(failureToastTitle("english", "email", "Timeout")).toBe(
      "Email generation failed: Timeout",
    );
    expect(failureToastTitle("english", "blog", "Timeout")).toBe(
      "Blog post generation failed: Timeout",
    );
    expect(failureToastTitle("turkish", "report", "Zaman aşımı")).toBe(
      "Rapor oluşturulamadı: Zaman aşımı",
    );
  });
});
