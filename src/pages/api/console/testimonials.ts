import type { APIRoute } from "astro";
import { consoleModerationSchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { moderateByOperator } from "#server/console/testimonials.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { listPendingForReview } from "#server/testimonials/index.ts";

export const prerender = false;

/** GET /api/console/testimonials: the submissions waiting for review, oldest first. */
export const GET: APIRoute = async ({ locals }) => {
  requireOperator(locals);
  const pending = await listPendingForReview(await getDb());
  return jsonResponse({
    success: true,
    testimonials: pending.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  });
};

/** POST /api/console/testimonials: approve or reject one. */
export const POST: APIRoute = async ({ request, locals }) => {
  const operator = requireOperator(locals);
  const { id, action } = await readJsonBody(request, consoleModerationSchema);
  await moderateByOperator(await getDb(), operator, id, action, systemNow());
  return jsonResponse({ success: true, message: action === "approve" ? "Approved." : "Rejected." });
};
