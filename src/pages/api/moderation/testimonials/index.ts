import type { APIRoute } from "astro";
import { getDb } from "../../../../lib/server/db/index.ts";
import { jsonResponse } from "../../../../lib/server/http/api.ts";
import { requireModerator } from "../../../../lib/server/http/moderation.ts";
import { listPendingTestimonials } from "../../../../lib/server/testimonials/index.ts";

export const prerender = false;

export const GET: APIRoute = async ({ request }) => {
  requireModerator(request);
  const pending = await listPendingTestimonials(await getDb());
  return jsonResponse({
    success: true,
    testimonials: pending.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  });
};
