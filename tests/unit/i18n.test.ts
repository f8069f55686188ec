import { describe, expect, it } from "vitest";
import { failureToastTitle, messagesFor, successToastTitle, translate } from "#i18n/messages.ts";

describe("message catalog", () => {
  it("answers in Turkish only when Turkish is selected", () => {
    expect(translate("turkish", "creditDialog.user.ok")).toBe("Tamam");
    expect(translate("english", "creditDialog.user.ok")).toBe("OK");
    expect(translate("german", "creditDialog.user.ok")).toBe("OK");
  });

  it("has every English key in Turkish, each translated", () => {
    const en = messagesFor("english");
    const tr = messagesFor("turkish");
    expect(Object.keys(tr).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      if (key !== "creditDialog.user.ok") expect(tr[key]).not.toBe(en[key]);
    }
  });

  it("carries the spec's Turkish strings verbatim", () => {
    expect(translate("turkish", "toast.copied")).toBe("Metin panoya kopyalandı!");
    expect(translate("turkish", "toast.copyFailed")).toBe("Metin kopyalanamadı.");
    expect(translate("turkish", "error.network")).toBe(
      "Ağ hatası. Lütfen bağlantınızı kontrol edin.",
    );
  });

  it("fills placeholders", () => {
    expect(translate("english", "toast.success", { model: "Mistral AI" })).toBe(
      "Email generated using Mistral AI.",
    );
    expect(translate("turkish", "error.generationFailed", { message: "x" })).toBe(
      "E-posta oluşturulamadı: x",
    );
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
