import { describe, expect, it } from "vitest";
import { creditsWords } from "#i18n/credits.ts";
import { messages } from "#i18n/messages.ts";
import {
  describeFailure,
  describeFieldFailures,
  failureToastTitle,
  languageOption,
  modelBadge,
  successToastTitle,
  versionLabel,
  wordReason,
  wordRules,
} from "#i18n/wording.ts";
import { failure, failureBody, fieldFailures } from "#server/errors.ts";
import { validationError } from "#server/http/api.ts";
import type { FailureBody } from "#shared/api/failures.ts";
import { FAILURES, isFailureReason, type FailureReason } from "#shared/failures.ts";
import { registerSchema } from "#shared/schemas/auth.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { testimonialSubmissionSchema } from "#shared/schemas/testimonials.ts";

await messages.load();
const { translate, plural } = messages;

describe("message catalog", () => {
  it("answers in Turkish only when Turkish is selected", () => {
    expect(translate("turkish", "creditDialog.user.ok")).toBe("Tamam");
    expect(translate("english", "creditDialog.user.ok")).toBe("OK");
    expect(translate("german", "creditDialog.user.ok")).toBe("OK");
  });

  // Its Turkish has every English key and placeholder: tests/unit/catalogs.test.ts.

  it("words every failure the shared schemas and the server answer with, by its reason", () => {
    for (const [reason, message] of Object.entries(FAILURES) as [FailureReason, string][]) {
      expect(wordReason("english", reason)).toBe(message);
      expect(wordReason("turkish", reason), reason).not.toBe(message);
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
    expect(plural("english", "history.count", 1)).toBe("1 text");
    expect(plural("english", "history.count", 3)).toBe("3 texts");
    expect(plural("turkish", "history.count", 3)).toBe("3 metin");
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

describe("version labels for passage changes and instructions (issue 43)", () => {
  const passage = { start: 4, end: 12 };

  it("say a passage was changed, and how", () => {
    expect(versionLabel("english", { refinement: "rephrase", passage })).toBe(
      "Rephrased a passage",
    );
    expect(versionLabel("english", { refinement: "shorter", passage })).toBe("Shortened a passage");
    expect(versionLabel("turkish", { refinement: "grammar", passage })).toBe(
      "Bir bölümün dilbilgisi düzeltildi",
    );
    // The whole text, as before.
    expect(versionLabel("english", { refinement: "shorter" })).toBe("Shorter");
    expect(versionLabel("english", { refinement: "rephrase" })).toBe("Rephrased");
    expect(versionLabel("english", { refinement: "continue", passage })).toBe("Continued");
  });

  it("quote an instruction, cut to a label's length", () => {
    expect(
      versionLabel("english", { refinement: "instruction", instruction: " add a P.S. " }),
    ).toBe("Asked: add a P.S.");
    const long = "make the second paragraph warmer and mention the Friday meeting";
    const label = versionLabel("turkish", { refinement: "instruction", instruction: long });
    expect(label).toBe(`İstek: ${long.slice(0, 39)}…`);
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

  it("are worded in Turkish by their reason, else by their code", () => {
    expect(
      describeFailure("turkish", {
        message: FAILURES.invalidCredentials,
        code: "UNAUTHORIZED",
        reason: "invalidCredentials",
      }),
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

  it("fall back on another namespace's message, worded by the caller", () => {
    const adFailed = (language: string) => () =>
      creditsWords.translate(language, "credits.ad.failed");
    expect(describeFailure("turkish", { code: "SOMETHING_NEW" }, adFailed("turkish"))).toBe(
      "Reklam izlenemedi",
    );
    expect(describeFailure("english", {}, adFailed("english"))).toBe("Failed to watch ad");
    expect(describeFailure("english", { message: "Ad gone." }, adFailed("english"))).toBe(
      "Ad gone.",
    );
  });
});

describe("failures worded by key", () => {
  /** Answers as the server writes them: schema rules, a field's failure, a shared failure. */
  const bodies: FailureBody[] = [
    registerSchema.safeParse({ email: "x", password: "123", confirmPassword: "456", name: "A" }),
    generationRequestSchema.safeParse({ content: " ", language: "klingon", contentType: 3 }),
    testimonialSubmissionSchema.safeParse({ name: "Ada", content: "Too short", rating: 2.5 }),
  ]
    .map((parsed) => failureBody(validationError(parsed.error!)))
    .concat([
      failureBody(
        failure(
          "VALIDATION_ERROR",
          "commonPassword",
          fieldFailures({ password: ["commonPassword"] }),
        ),
      ),
      failureBody(failure("UNAUTHORIZED", "invalidCredentials")),
    ]);

  /** The same answer had every English sentence in it been reworded. */
  function reworded(body: FailureBody): FailureBody {
    const fieldErrors = Object.entries(body.fieldErrors ?? {}).map(([field, messages]) => [
      field,
      messages.map((message) => `Reworded: ${message}`),
    ]);
    return {
      ...body,
      message: `Reworded: ${body.message}`,
      fieldErrors: Object.fromEntries(fieldErrors),
    };
  }

  it("carry a reason for the answer and for each field the shared schemas checked", () => {
    for (const body of bodies) {
      expect(isFailureReason(body.reason), body.message).toBe(true);
      expect(Object.keys(body.fieldReasons ?? {}), body.message).toEqual(
        Object.keys(body.fieldErrors ?? {}),
      );
    }
  });

  it("read the same in Turkish whatever their English says", () => {
    for (const body of bodies) {
      const fields = describeFieldFailures("turkish", body);
      expect(describeFailure("turkish", reworded(body))).toBe(
        wordReason("turkish", body.reason as FailureReason),
      );
      expect(describeFieldFailures("turkish", reworded(body))).toEqual(fields);
      for (const [field, reasons] of Object.entries(body.fieldReasons ?? {})) {
        expect(fields[field]).toBe(wordReason("turkish", reasons[0] as FailureReason));
        expect(fields[field]).not.toBe(body.fieldErrors![field]![0]);
      }
    }
  });

  it("keep the server's English for API users, the same words the English page shows", () => {
    for (const body of bodies) {
      expect(body.message).toBe(FAILURES[body.reason as FailureReason]);
      for (const [field, messages] of Object.entries(body.fieldErrors ?? {})) {
        expect(messages).toEqual(
          body.fieldReasons![field]!.map((reason) => FAILURES[reason as FailureReason]),
        );
        expect(describeFieldFailures("english", body)[field]).toBe(messages[0]);
      }
    }
  });

  it("word the browser's own check by the schema's reasons", () => {
    const parsed = registerSchema.safeParse({ email: "x", password: "1", confirmPassword: "1" });
    const problems = Object.fromEntries(
      parsed.error!.issues.map((issue) => [String(issue.path[0]), issue.message]),
    );
    expect(wordRules("turkish", problems)).toEqual({
      email: "Lütfen geçerli bir e-posta adresi girin",
      password: "Şifre en az 6 karakter olmalıdır",
      confirmPassword: "Şifre en az 6 karakter olmalıdır",
    });
    expect(wordRules("english", { email: "emailInvalid", other: "Unworded." })).toEqual({
      email: FAILURES.emailInvalid,
      other: "Unworded.",
    });
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

  it("names a use case's text by the use case, not its content type, in either language", () => {
    const toast = { en: "Wedding toast", tr: "Düğün konuşması" };
    const email = { en: "Cold outreach email", tr: "Soğuk tanışma e-postası" };
    expect(successToastTitle("english", "essay", "localai", "llama3.2", toast)).toBe(
      "Wedding toast generated using llama3.2.",
    );
    expect(successToastTitle("english", "email", "localai", "llama3.2", email)).toBe(
      "Cold outreach email generated using llama3.2.",
    );
    expect(successToastTitle("turkish", "essay", "local", null, toast)).toBe(
      "Düğün konuşması bir şablon kullanılarak oluşturuldu.",
    );
  });
});

describe("failure toast", () => {
  it("keeps the spec's wording for e-mails and names other types", () => {
    expect({
      email: failureToastTitle("english", "email", "Timeout"),
      blog: failureToastTitle("english", "blog", "Timeout"),
      turkishReport: failureToastTitle("turkish", "report", "Zaman aşımı"),
    }).toEqual({
      email: "Email generation failed: Timeout",
      blog: "Blog post generation failed: Timeout",
      turkishReport: "Rapor oluşturulamadı: Zaman aşımı",
    });
  });
});
