import type { APIRoute } from "astro";
import { AppError } from "#server/errors.ts";

export const prerender = false;

/** Every /api address that no endpoint claims answers a JSON 404. */
export const ALL: APIRoute = () => {
  throw new AppError("NOT_FOUND", 404, "No API endpoint at this address.");
};
