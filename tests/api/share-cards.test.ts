import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  ogImagePath,
  siteOgImagePath,
} from "#shared/share-card.ts";
import { USE_CASE_CATEGORIES } from "#shared/use-cases.ts";
import { readUseCaseFiles } from "../support/use-case-files.ts";

/**
 * The share cards in the build (global-setup checks it is there and fresh): every page names
 * a card that is in dist/client, a PNG of 1200 × 630, and each use case has its own.
 */
const CLIENT = "dist/client";
const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** A tag's content, as Seo.astro writes it: `<meta property|name="…" content="…">`. */
function metaContent(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
}

/** Width and height from a PNG's IHDR chunk, which comes first after the signature. */
function pngSize(file: string): [number, number] {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8), file).toEqual(PNG_SIGNATURE);
  expect(bytes.toString("latin1", 12, 16), file).toBe("IHDR");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

const useCases = readUseCaseFiles().map(
  ({ data }) => data as { slug: string; name: { en: string; tr: string } },
);
const slugs = useCases.map(({ slug }) => slug);
const pages = htmlFiles(CLIENT);

describe("share cards", () => {
  it("finds the built pages, the use cases' among them", () => {
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) expect(pages).toContain(join(CLIENT, "write", slug, "index.html"));
  });

  it.each(pages)("%s names a card in the build, a 1200 × 630 PNG, as a large card", (page) => {
    const html = readFileSync(page, "utf8");
    const image = metaContent(html, "og:image");
    expect(image, "og:image").toMatch(/^https?:\/\//);
    expect(metaContent(html, "twitter:image")).toBe(image);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "og:image:type")).toBe("image/png");
    expect(metaContent(html, "og:image:width")).toBe(String(SHARE_CARD_WIDTH));
    expect(metaContent(html, "og:image:height")).toBe(String(SHARE_CARD_HEIGHT));
    expect(metaContent(html, "og:image:alt")?.trim()).toBeTruthy();
    expect(pngSize(join(CLIENT, new URL(image!).pathname))).toEqual([
      SHARE_CARD_WIDTH,
      SHARE_CARD_HEIGHT,
    ]);
  });

  it.each(slugs)("the page of %s shows its own card", (slug) => {
    const html = readFileSync(join(CLIENT, "write", slug, "index.html"), "utf8");
    expect(new URL(metaContent(html, "og:image")!).pathname).toBe(ogImagePath(slug));
  });

  it("are drawn in Turkish too, and for each category in both languages", () => {
    const cards = [
      ...slugs.map((slug) => ogImagePath(slug, "tr")),
      ...USE_CASE_CATEGORIES.flatMap((id) => [ogImagePath(id), ogImagePath(id, "tr")]),
      siteOgImagePath("tr"),
    ];
    for (const card of cards) {
      expect(pngSize(join(CLIENT, card)), card).toEqual([SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT]);
    }
    // A Turkish card has the Turkish name, not the English one again.
    const { slug } = useCases.find(({ name }) => name.tr !== name.en)!;
    expect(readFileSync(join(CLIENT, ogImagePath(slug, "tr")))).not.toEqual(
      readFileSync(join(CLIENT, ogImagePath(slug))),
    );
  });
});
