import type { APIRoute } from "astro";
import { isUuid } from "#shared/format.ts";
import { moderationActionSchema } from "#shared/schemas/testimonials.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireModerator } from "#server/http/moderation.ts";
import { moderateTestimonial } from "#server/testimonials/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, params }) => {
  requireModerator(request);
  const { action } = await readJsonBody(request, moderationActionSchema);
  const id = params.id ?? "";
  if (!isUuid(id) || !(await moderateTestimonial(await getDb(), id, action, systemNow()))) {
    throw new AppError("NOT_FOUND", "No pending submission with this id.");
  }
  return jsonResponse({ success: true, message: action === "approve" ? "Approved." : "Rejected." });
};
