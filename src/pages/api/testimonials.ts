import type { APIRoute } from "astro";
import { getDb } from "#server/db/index.ts";
import { jsonResponse } from "#server/http/api.ts";
import { listApprovedTestimonials } from "#server/testimonials/index.ts";

export const prerender = false;

/**
 * Approved submissions, newest first; the home page adds them to the built-in three. Not
 * cached: an approval shows on the next visit.
 */
export const GET: APIRoute = async () => {
  const testimonials = await listApprovedTestimonials(await getDb());
  return jsonResponse({ success: true, testimonials });
};
