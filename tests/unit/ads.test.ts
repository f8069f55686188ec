import { describe, expect, it } from "vitest";
import { adCspDirectives } from "#server/ads/csp.ts";
import { isActive, pickByWeight } from "#server/ads/choose.ts";
import { parseConfig } from "#server/config.ts";
import { houseAdCopy, type HouseAd } from "#shared/ads.ts";
import { requestedRange } from "../../server/static-files.ts";

const NOW = new Date("2026-11-25T12:00:00Z");
const ad = (id: string, weight: number, activeFrom?: string, activeUntil?: string) => ({
  id,
  weight,
  activeFrom: activeFrom ? new Date(activeFrom) : undefined,
  activeUntil: activeUntil ? new Date(activeUntil) : undefined,
});

describe("which house ad plays", () => {
  it("is active from its first date until (not on) its last, and never at weight 0", () => {
    expect(isActive(ad("a", 1), NOW)).toBe(true);
    expect(isActive(ad("a", 1, "2026-11-25T12:00:00Z"), NOW)).toBe(true);
    expect(isActive(ad("a", 1, "2026-11-26"), NOW)).toBe(false);
    expect(isActive(ad("a", 1, undefined, "2026-11-25T12:00:00Z"), NOW)).toBe(false);
    expect(isActive(ad("a", 1, "2026-01-01", "2026-12-01"), NOW)).toBe(true);
    expect(isActive(ad("a", 0), NOW)).toBe(false);
  });

  it("is chosen by weight among the active ones", () => {
    const ads = [ad("three", 3), ad("one", 1), ad("expired", 50, undefined, "2026-11-01")];
    const picks = (point: number) => pickByWeight(ads, NOW, () => point)?.id;
    expect(picks(0)).toBe("three");
    expect(picks(0.74)).toBe("three");
    expect(picks(0.75)).toBe("one");
    expect(picks(0.999)).toBe("one");
  });

  it("is none when no ad is active: the card shows its default", () => {
    expect(pickByWeight([], NOW)).toBeNull();
    expect(pickByWeight([ad("later", 5, "2027-01-01"), ad("off", 0)], NOW)).toBeNull();
  });

  it("speaks Turkish where the marketer wrote it, English elsewhere", () => {
    const house = {
      headline: "Write in ten languages",
      text: "Pick one.",
      alt: "A globe",
      turkish: { headline: "On dilde yazın" },
    } as HouseAd;
    expect(houseAdCopy(house, "turkish")).toEqual({
      headline: "On dilde yazın",
      text: "Pick one.",
      alt: "A globe",
    });
    expect(houseAdCopy(house, "german").headline).toBe("Write in ten languages");
  });
});

describe("the credits page's policy for an ad network", () => {
  it("adds nothing without AD_VAST_URL", () => {
    expect(adCspDirectives(parseConfig({}))).toEqual([]);
  });

  it("lets the tag's origin and AD_CSP_SOURCES serve the tag, the video and the trackers", () => {
    const config = parseConfig({ AD_VAST_URL: "http://127.0.0.1:9000/vast.xml?slot=1" });
    expect(adCspDirectives(config)).toEqual([
      "connect-src 'self' http://127.0.0.1:9000 https:",
      "media-src 'self' http://127.0.0.1:9000 https:",
      "img-src 'self' data: http://127.0.0.1:9000 https:",
    ]);
    const narrow = parseConfig({
      AD_VAST_URL: "https://ads.example.com/tag",
      AD_CSP_SOURCES: "https://*.example-cdn.net, https://ads.example.com",
    });
    expect(adCspDirectives(narrow)[0]).toBe(
      "connect-src 'self' https://ads.example.com https://*.example-cdn.net",
    );
  });

  it.each(["'unsafe-inline'", "https://a.example; script-src *", "*", "javascript:"])(
    "refuses AD_CSP_SOURCES %j, naming the variable",
    (sources) => {
      expect(() => parseConfig({ AD_CSP_SOURCES: sources })).toThrow(/AD_CSP_SOURCES/);
    },
  );

  it("refuses an AD_VAST_URL that is not http(s)", () => {
    expect(() => parseConfig({ AD_VAST_URL: "javascript:alert(1)" })).toThrow(/AD_VAST_URL/);
  });
});

describe("a house ad's video, served as Safari needs it", () => {
  it("answers the one byte range asked for, within the file", () => {
    expect(requestedRange("bytes=0-1", 100)).toEqual({ start: 0, end: 1 });
    expect(requestedRange("bytes=10-", 100)).toEqual({ start: 10, end: 99 });
    expect(requestedRange("bytes=90-500", 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange("bytes=-30", 100)).toEqual({ start: 70, end: 99 });
    expect(requestedRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
  });

  it("refuses a range past the end, and sends the whole file for anything else", () => {
    expect(requestedRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(requestedRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(requestedRange(undefined, 100)).toBeNull();
    expect(requestedRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(requestedRange("items=0-1", 100)).toBeNull();
    expect(requestedRange("bytes=5-2", 100)).toBeNull();
    expect(requestedRange("bytes=-", 100)).toBeNull();
  });
});
