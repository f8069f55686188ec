import { describe, expect, it } from "vitest";
import {
  daysUntilReset,
  usageRights,
  partialTextCost,
  countCharacters,
  CHARACTERS_PER_TEXT,
  passageChangeCost,
  passagePriceRange,
  passageQuote,
} from "#shared/credits.ts";
import { REFINE_ACTIONS } from "#shared/generation.ts";
import { messages } from "#i18n/messages.ts";
import { resetNotice, textsLeft } from "#i18n/wording.ts";
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
    await messages.load();
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

describe("passageChangeCost (decision 089)", () => {
  it("prices a short passage of a long text by what it writes: the stopped-text rule", () => {
    expect(passageChangeCost(1, 1, 4000)).toBe(10);
    expect(passageChangeCost(80, 70, 4000)).toBe(10);
    expect(passageChangeCost(81, 70, 4000)).toBe(20);
    expect(passageChangeCost(300, 100, 4000)).toBe(partialTextCost(300));
    expect(passageChangeCost(2000, 100, 4000)).toBe(100);
  });

  it("costs at least 10 even for an empty answer", () => {
    expect(passageChangeCost(0, 0, 800)).toBe(10);
  });

  it("prices a passage by the share of the text it replaces when that is more", () => {
    // A third of a very short text is a third of a whole text, rounded up.
    expect(passageChangeCost(40, 100, 300)).toBe(40);
    expect(passageChangeCost(10, 150, 300)).toBe(50);
  });

  it("costs a passage that is the whole text a whole text, however short it is", () => {
    expect(passageChangeCost(50, 120, 120)).toBe(100);
    // All of it but a word: within 10 of it, no edge to game.
    expect(passageChangeCost(50, 115, 120)).toBe(100);
    expect(passageChangeCost(50, 100, 120)).toBe(90);
  });

  it("never sells a text in parts for less than the whole", () => {
    const text = 777;
    for (const parts of [2, 3, 4, 7, 10]) {
      const size = Math.floor(text / parts);
      const sizes = Array.from({ length: parts }, (_, i) =>
        i === parts - 1 ? text - size * (parts - 1) : size,
      );
      const total = sizes.reduce((sum, replaced) => sum + passageChangeCost(1, replaced, text), 0);
      expect(total, `${parts} parts`).toBeGreaterThanOrEqual(100);
    }
  });

  it("prices a continuation, which replaces nothing, by what it writes", () => {
    expect(passageChangeCost(400, 0, 200)).toBe(50);
    expect(passageChangeCost(400, 0, 0)).toBe(50);
  });
});

describe("passagePriceRange (decision 089: the panel's price before a change)", () => {
  const sentence = "The heating has been broken since Monday and it is very cold.";
  const ordinary = `${"Dear Ms Smith, ".repeat(40)}${sentence} Best, Ana`;
  const passage = {
    start: ordinary.indexOf(sentence),
    end: ordinary.indexOf(sentence) + sentence.length,
  };

  it("says 10–30 credits for a sentence of an ordinary text", () => {
    for (const action of ["rephrase", "grammar", "simpler", "formal", "friendlier"] as const) {
      const range = passagePriceRange(ordinary, passage, action);
      expect(range.low, action).toBe(10);
      expect(range.high, action).toBeLessThanOrEqual(30);
    }
    expect(passagePriceRange(ordinary, passage, "longer")).toEqual({ low: 20, high: 20 });
  });

  it("brackets what the server settles for answers of the estimated lengths", () => {
    const replaced = countCharacters(sentence);
    const text = countCharacters(ordinary);
    const range = passagePriceRange(ordinary, passage, "rephrase");
    for (const written of [replaced * 0.8, replaced, replaced * 1.3]) {
      const cost = passageChangeCost(Math.round(written), replaced, text);
      expect(cost).toBeGreaterThanOrEqual(range.low);
      expect(cost).toBeLessThanOrEqual(range.high);
    }
  });

  it("prices the passage as the server trims it: the whitespace at its edges is the text's", () => {
    const padded = { start: passage.start - 1, end: passage.end + 1 };
    expect(ordinary.slice(padded.start, padded.end)).toBe(` ${sentence} `);
    expect(passagePriceRange(ordinary, padded, "shorter")).toEqual(
      passagePriceRange(ordinary, passage, "shorter"),
    );
  });

  it("says a whole text's price for the whole of a short text, selected or not", () => {
    const short = "Thanks for the quick fix!";
    const all = { start: 0, end: short.length };
    for (const action of REFINE_ACTIONS.filter((a) => a !== "continue" && a !== "translate")) {
      expect(passagePriceRange(short, all, action), action).toEqual({ low: 100, high: 100 });
      expect(passagePriceRange(short, null, action), action).toEqual({ low: 100, high: 100 });
    }
    expect(passagePriceRange(short, null, "translate")).toEqual({ low: 100, high: 100 });
  });

  it("prices a continuation by about a paragraph, with or without a passage", () => {
    expect(passagePriceRange(ordinary, null, "continue")).toEqual({ low: 20, high: 80 });
    expect(passagePriceRange(ordinary, passage, "continue")).toEqual({ low: 20, high: 80 });
  });

  it("quotes the toolbar one figure that brackets every button's price, Continue held to it", () => {
    const buttons = REFINE_ACTIONS.filter((a) => !["instruction", "translate"].includes(a));
    for (const text of [ordinary, `${sentence} Best, Ana`]) {
      const at = { start: text.indexOf(sentence), end: text.indexOf(sentence) + sentence.length };
      const quote = passageQuote(text, at, "rephrase");
      for (const action of buttons.filter((a) => a !== "continue")) {
        const range = passagePriceRange(text, at, action);
        expect(range.low, action).toBeGreaterThanOrEqual(quote.low);
        expect(range.high, action).toBeLessThanOrEqual(quote.high);
      }
      expect(passageQuote(text, at, "continue")).toEqual(quote);
      expect(passageQuote(text, at, "instruction")).toEqual(
        passagePriceRange(text, at, "instruction"),
      );
    }
  });

  it("counts an emoji as one character, as the server does", () => {
    const text = `${"😀".repeat(100)}${"x".repeat(700)}`;
    // 100 emoji are 200 UTF-16 units but 100 characters: an eighth of the 800.
    const range = passagePriceRange(text, { start: 0, end: 200 }, "grammar");
    expect(range).toEqual({ low: 20, high: 20 });
  });
});
