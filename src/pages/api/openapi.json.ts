import type { APIRoute } from "astro";
import { getCollection } from "astro:content";
import { openApiDocument } from "#server/openapi/document.ts";

export const prerender = true;

/** The OpenAPI 3.1 document (issue 29), made at build from the endpoints' own schemas. */
export const GET: APIRoute = async () => {
  const useCases = (await getCollection("useCases")).map((entry) => entry.data);
  return new Response(JSON.stringify(openApiDocument(useCases)), {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
