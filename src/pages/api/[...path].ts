import type { APIRoute } from "astro";
import { noApiEndpoint } from "#server/http/api.ts";

export const prerender = false;

/** Every /api address that no endpoint claims answers a JSON 404. */
export const ALL: APIRoute = () => {
  throw noApiEndpoint();
};
