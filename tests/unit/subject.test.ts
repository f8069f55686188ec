import { describe, expect, it } from "vitest";
import { deriveSubject } from "#shared/subject.ts";

describe("deriveSubject (spec §5)", () => {
  it.each([
    ["Write an email about the team offsite. Keep it short.", "the team offsite"],
    ["An email regarding my late invoice payment\nThanks", "my late invoice payment"],
    ["Subject: Quarterly budget review. Please be formal.", "Quarterly budget review"],
    ["subject:   server migration", "server migration"],
    ["Please write ABOUT climate change", "climate change"],
    ["Müdürüme toplantı hakkında bir e-posta yaz.", "Müdürüme toplantı"],
    ["Konu: Yıllık izin talebi. Kısa olsun.", "Yıllık izin talebi"],
    ["Schreibe eine E-Mail über das Sommerfest. Bitte freundlich.", "das Sommerfest"],
    ["Betreff: Rechnung Nr. 42\nDanke", "Rechnung Nr"],
    ["Eine Nachricht bezüglich der neuen Arbeitszeiten.", "der neuen Arbeitszeiten"],
  ])("%j → %j", (prompt, subject) => expect(deriveSubject(prompt)).toBe(subject));

  it("takes the first six words, with ... when there are more", () => {
    expect(deriveSubject("A short poem for my grandmother's ninetieth birthday party")).toBe(
      "A short poem for my grandmother's...",
    );
    expect(deriveSubject("Thank you note for neighbours")).toBe("Thank you note for neighbours");
  });

  it("does not mistake a word that merely contains a marker", () => {
    expect(deriveSubject("A roundabout story of seven little ducks")).toBe(
      "A roundabout story of seven little...",
    );
  });

  it("is empty for an empty prompt and at most 200 characters", () => {
    expect(deriveSubject("   ")).toBe("");
    expect(deriveSubject(`about ${"x".repeat(500)}`)).toHaveLength(200);
  });
});
