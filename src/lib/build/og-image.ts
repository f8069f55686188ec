import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import type { ReactNode } from "react";
import satori, { type SatoriOptions } from "satori";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from "#shared/share-card.ts";
import { SITE_NAME } from "#shared/site.ts";

/**
 * Draws the share cards (src/lib/shared/share-card.ts) at build: satori lays the card out
 * and turns its text into paths, resvg paints that SVG as a PNG. Only the build imports
 * this, so its packages are development dependencies.
 */

export interface ShareCard {
  /** Above the title, in a pill: the use case's category; none on the site's card. */
  eyebrow?: string;
  title: string;
}

/** The site's brand colours (src/styles/global.css) in sRGB: satori reads no oklch(). */
const BRAND_50 = "#eff5ff";
const BRAND_500 = "#3e6fef";
const BRAND_700 = "#1d44b9";

const MARGIN = 80;

type Style = Record<string, string | number>;
type CardNode = {
  type: string;
  props: { style?: Style; children?: CardNode[] | string; src?: string };
};

function box(style: Style, children: CardNode[] | string): CardNode {
  return { type: "div", props: { style: { display: "flex", ...style }, children } };
}

/** The favicon's pen, on white: the same mark as the browser tab's. */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M8 24l4-1 11-11a2.1 2.1 0 0 0-3-3L9 20l-1 4zM18 11l3 3" fill="none" stroke="#1d44b9" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

/**
 * The title's size by its length, so that a name of up to 60 characters (the schema's
 * most) takes at most three lines across the card, and a short one fills it.
 */
export function titleSize(title: string): number {
  if (title.length <= 18) return 96;
  if (title.length <= 32) return 80;
  return 64;
}

function cardTree({ eyebrow, title }: ShareCard): CardNode {
  const header = box({ alignItems: "center", gap: 24 }, [
    { type: "img", props: { src: LOGO, style: { width: 72, height: 72 } } },
    box({ fontSize: 40, fontWeight: 600 }, SITE_NAME),
  ]);
  const pill = eyebrow
    ? [
        box(
          {
            alignSelf: "flex-start",
            marginBottom: 28,
            padding: "10px 28px",
            borderRadius: 999,
            backgroundColor: "rgba(255, 255, 255, 0.16)",
            color: BRAND_50,
            fontSize: 34,
            fontWeight: 600,
          },
          eyebrow,
        ),
      ]
    : [];
  const heading = box(
    {
      fontSize: titleSize(title),
      fontWeight: 800,
      lineHeight: 1.1,
      letterSpacing: "-0.02em",
      // A guard: titleSize already keeps any allowed name within three lines.
      lineClamp: 3,
    },
    title,
  );
  return box(
    {
      width: "100%",
      height: "100%",
      // As in CSS, padding is outside a box's width unless it says otherwise.
      boxSizing: "border-box",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: MARGIN,
      color: "#fff",
      fontFamily: "Inter",
      backgroundColor: BRAND_700,
      // Top to bottom, so that each row is one colour: PNG's filters then make the card
      // some 30 KB, where a diagonal gradient made it 140 KB.
      backgroundImage: `linear-gradient(to bottom, ${BRAND_700} 0%, ${BRAND_500} 100%)`,
    },
    [header, box({ flexDirection: "column" }, [...pill, heading])],
  );
}

const resolvePackage = createRequire(import.meta.url).resolve;

/**
 * Inter in the two weights the card uses, each in its latin and latin-ext subsets: the
 * second holds Turkish's ğ, ş and İ. Satori takes a letter the card's font lacks from the
 * other fonts it is given, but only from those of another name. Satori reads WOFF, not the WOFF2 that browsers are given.
 */
function loadFonts(): SatoriOptions["fonts"] {
  return (["latin", "latin-ext"] as const).flatMap((subset) =>
    ([600, 800] as const).map((weight) => ({
      name: subset === "latin" ? "Inter" : "Inter latin-ext",
      weight,
      style: "normal" as const,
      data: readFileSync(
        resolvePackage(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
      ),
    })),
  );
}
let fonts: SatoriOptions["fonts"] | undefined;

/** A card as an SVG of SHARE_CARD_WIDTH × SHARE_CARD_HEIGHT, its text drawn as paths. */
export async function shareCardSvg(card: ShareCard): Promise<string> {
  fonts ??= loadFonts();
  return satori(cardTree(card) as unknown as ReactNode, {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts,
  });
}

/** A card as a PNG. */
export async function drawShareCard(card: ShareCard): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await shareCardSvg(card);
  // The text is paths already: no font for resvg to look for.
  const png = new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  // A copy of its own: a Response's body cannot be a view of a Buffer's shared memory.
  return new Uint8Array(png);
}
