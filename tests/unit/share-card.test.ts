import { describe, expect, it } from "vitest";
import { drawShareCard, shareCardSvg } from "../../src/lib/build/og-image.ts";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "#shared/share-card.ts";

/** The title's outline: the card's last white path (satori writes text as paths). */
async function titlePath(title: string): Promise<string> {
  const svg = await shareCardSvg({ eyebrow: "Work", title });
  return [...svg.matchAll(/<path fill="#fff" d="([^"]+)"/g)].at(-1)![1]!;
}

/** The box around a path of absolute coordinates (satori writes M, L, Q and Z only). */
function boundsOf(path: string): { left: number; top: number; right: number; bottom: number } {
  expect(path).toMatch(/^[MLQZ\d. -]+$/);
  const numbers = (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return {
    left: Math.min(...xs),
    top: Math.min(...ys),
    right: Math.max(...xs),
    bottom: Math.max(...ys),
  };
}

const MARGIN = 80;

describe("a share card", () => {
  it("is a PNG of 1200 × 630", async () => {
    const png = Buffer.from(await drawShareCard({ eyebrow: "Creative", title: "Poem" }));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.toString("latin1", 12, 16)).toBe("IHDR");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([
      SHARE_CARD_WIDTH,
      SHARE_CARD_HEIGHT,
    ]);
  });

  // 60 characters: the longest name the use-case schema allows.
  it.each([
    "A very long use case name that takes all of sixty characters",
    "Çok uzun bir kullanım alanı adı: tam altmış karakter, ĞŞİ ğş",
  ])("keeps a name of the longest allowed length inside its margins: %s", async (title) => {
    expect(title).toHaveLength(60);
    const box = boundsOf(await titlePath(title));
    expect(box.left).toBeGreaterThanOrEqual(MARGIN - 4);
    expect(box.right).toBeLessThanOrEqual(SHARE_CARD_WIDTH - MARGIN);
    // A descender (g, y) may reach a little below the last line's box.
    expect(box.bottom).toBeLessThanOrEqual(SHARE_CARD_HEIGHT - MARGIN + 4);
    // Wrapped, not shrunk to one line: two or three lines of the title's size.
    expect(box.bottom - box.top).toBeGreaterThan(100);
  });

  it("draws Turkish letters, not the box of a letter the font lacks", async () => {
    // Inter has no Cyrillic in the subsets the card loads: its outline is the missing letter's.
    const missing = await titlePath("Жж");
    for (const letters of ["Ğğ", "Şş", "İı"]) {
      expect(await titlePath(letters), letters).not.toBe(missing);
    }
  });
});
