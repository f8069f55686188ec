import { describe, expect, it } from "vitest";
import {
  daysUntilReset,
  usageRights,
  partialTextCost,
  countCharacters,
  CHARACTERS_PER_TEXT,
} from "#shared/credits.ts";
import { loadTurkish, resetNotice, textsLeft } from "#i18n/messages.ts";
import { nextWeeklyReset, startOfUtcDay, weekKey } from "#server/credits/allowances.ts";

describe("weekly reset dates", () => {
  it.each([
    ["2026-11-23T00:00:00Z", "2026-11-23", "2026-11-30T00:00:00.000Z"], // Monday midnight starts the week
    ["2026-11-22T23:59:59Z", "2026-11-16", "2026-11-23T00:00:00.000Z"], // Sunday night is still last week
    ["2026-11-18T12:00:00Z", "2026-11-16", "2026-11-23T00:00:00.000Z"],
    ["2027-01-01T08:00:00Z", "2026-12-28", "2027-01-04T00:00:00.000Z"], // across a year
  ])("%s is in the week of %s, next reset %s", (now, week, next) => {
    expect(weekKey(new Date(now))).toBe(week);
    expect(nextWeeklyReset(new Date(now)).toISOString()).toBe(next);
  });

  it("counts ad days in UTC", () => {
    expect(startOfUtcDay(new Date("2026-11-18T23:30:00-05:00")).toISOString()).toBe(
      "2026-11-19T00:00:00.000Z",
    );
  });
});

describe("daysUntilReset (spec §9: 0 reads Soon)", () => {
  const now = new Date("2026-11-18T12:00:00Z");
  it.each([
    ["2026-11-18T20:00:00Z", 0],
    ["2026-11-19T11:59:59Z", 0],
    ["2026-11-19T12:00:00Z", 1],
    ["2026-11-23T00:00:00Z", 4],
    ["2026-11-10T00:00:00Z", 0],
  ])("until %s is %i days", (next, days) => expect(daysUntilReset(next, now)).toBe(days));

  it("is absent without a reset", () => expect(daysUntilReset(null, now)).toBeNull());
});

describe("usageRights", () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 1],
    [1050, 10],
  ])("%i credits give %i texts", (credits, rights) => expect(usageRights(credits)).toBe(rights));
});

describe("the credit card's wording", () => {
  const now = new Date("2026-11-18T12:00:00Z");
  it.each([
    ["2026-11-18T20:00:00Z", "Resets soon"],
    ["2026-11-19T11:59:59Z", "Resets soon"],
    ["2026-11-19T12:00:00Z", "Resets in 1 day"],
    ["2026-11-20T13:00:00Z", "Resets in 2 days"],
    ["2026-11-23T00:00:00Z", "Resets in 4 days"],
  ])("a reset at %s reads %s", (next, text) =>
    expect(resetNotice("english", next, now)).toBe(text),
  );

  it("says nothing of a reset where none applies", () =>
    expect(resetNotice("english", null, now)).toBeNull());

  it("is Turkish when Turkish is chosen", async () => {
    await loadTurkish();
    expect(resetNotice("turkish", "2026-11-23T00:00:00Z", now)).toBe("4 gün içinde yenilenir");
    expect(resetNotice("turkish", "2026-11-18T20:00:00Z", now)).toBe("Yakında yenilenir");
    expect(textsLeft("turkish", 1000)).toBe("10 metin hakkı kaldı");
  });

  it.each([
    [0, "0 texts left"],
    [100, "1 text left"],
    [199, "1 text left"],
    [200, "2 texts left"],
    [1000, "10 texts left"],
  ])("%i credits read %s", (credits, text) => expect(textsLeft("english", credits)).toBe(text));
});

describe("partialTextCost (decision 056)", () => {
  it("charges nothing for nothing delivered and a whole text at most", () => {
    expect(partialTextCost(0)).toBe(0);
    expect(partialTextCost(CHARACTERS_PER_TEXT)).toBe(100);
    expect(partialTextCost(50_000)).toBe(100);
  });

  it("rounds the delivered share up to the next 10 credits", () => {
    expect(partialTextCost(1)).toBe(10);
    expect(partialTextCost(81)).toBe(20);
    expect(partialTextCost(CHARACTERS_PER_TEXT - 1)).toBe(100);
  });

  it("does not round an exact share up past itself", () => {
    expect(partialTextCost(80)).toBe(10);
    expect(partialTextCost(160)).toBe(20);
    expect(partialTextCost(400)).toBe(50);
  });
});

describe("countCharacters", () => {
  const words = Array.from({ length: 30 }, (_, i) => `word${i}`);

  it("counts a separator as the character it is, whichever joins the words", () => {
    const counts = [" ", "\u2800", "\u200b", "~"].map((separator) =>
      countCharacters(words.join(separator)),
    );
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBe(words.join(" ").length);
  });

  it("counts a character outside the basic plane once", () => {
    expect(countCharacters("😀a")).toBe(2);
  });
});
