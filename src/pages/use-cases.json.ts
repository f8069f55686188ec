import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import { USE_CASE_CATEGORIES, useCaseForForm, type UseCaseForForm } from "#shared/use-cases.ts";

export const prerender = true;

/**
 * Every use case as the generator needs it, by category then English name. A static file:
 * the picker fetches it only when opened, so the home page does not carry the list.
 */
export const GET: APIRoute = async () => {
  const useCases = (await getCollection("useCases"))
    .map((entry) => useCaseForForm(entry.data))
    .sort(
      (a, b) =>
        USE_CASE_CATEGORIES.indexOf(a.category) - USE_CASE_CATEGORIES.indexOf(b.category) ||
        a.name.en.localeCompare(b.name.en, "en"),
    );
  const list: { useCases: UseCaseForForm[] } = { useCases };
  return new Response(JSON.stringify(list), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
