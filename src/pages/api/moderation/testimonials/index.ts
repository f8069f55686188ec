import type { APIRoute } from "astro";
import { getDb } from "#server/db/index.ts";
import { jsonResponse } from "#server/http/api.ts";
import { requireModerator } from "#server/http/moderation.ts";
import { listPendingTestimonials } from "#server/testimonials/index.ts";

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  requireModerator(request);
  const pending = await listPendingTestimonials(await getDb());
  return jsonResponse({
    success: true,
    testimonials: pending.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  });
};
