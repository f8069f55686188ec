import type { APIRoute, GetStaticPaths } from "astro";
import { getCollection } from "astro:content";
import { drawShareCard, type ShareCard } from "../../lib/build/og-image.ts";
import { frameWords } from "#i18n/frame.ts";
import { messages } from "#i18n/messages.ts";
import { shareCardWords } from "#i18n/share-card.ts";
import { PAGE_LANGUAGES } from "#shared/page-language.ts";
import { ogImagePath, siteOgImagePath } from "#shared/share-card.ts";
import { USE_CASE_CATEGORIES, type UseCaseCategory } from "#shared/use-cases.ts";

export const prerender = true;

/** `/og/write/poem.png` → `write/poem`: the route's parameter for a card's path. */
const pathParam = (path: string) => path.slice("/og/".length, -".png".length);

/**
 * The share cards, drawn at build: one for each use case and each category in each
 * language, and the site's own for every other page.
 */
export const getStaticPaths = (async () => {
  await messages.load();
  const useCases = await getCollection("useCases");
  return PAGE_LANGUAGES.flatMap((language) => {
    const categoryName = (id: UseCaseCategory) => messages.both(`useCase.category.${id}`)[language];
    const cards: [string, ShareCard][] = [
      [siteOgImagePath(language), { title: shareCardWords.both("shareCard.tagline")[language] }],
      ...useCases.map(({ data }): [string, ShareCard] => [
        ogImagePath(data.slug, language),
        { eyebrow: categoryName(data.category), title: data.name[language] },
      ]),
      ...USE_CASE_CATEGORIES.map((id): [string, ShareCard] => [
        ogImagePath(id, language),
        { eyebrow: frameWords.both("nav.write")[language], title: categoryName(id) },
      ]),
    ];
    return cards.map(([path, card]) => ({ params: { path: pathParam(path) }, props: { card } }));
  });
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ card: ShareCard }> = async ({ props }) =>
  new Response(await drawShareCard(props.card), { headers: { "Content-Type": "image/png" } });
