import type { APIRoute } from "astro";
import { isUuid } from "../../../../lib/shared/format.ts";
import { moderationActionSchema } from "../../../../lib/shared/schemas/testimonials.ts";
import { systemNow } from "../../../../lib/server/clock.ts";
import { getDb } from "../../../../lib/server/db/index.ts";
import { AppError } from "../../../../lib/server/errors.ts";
import { jsonResponse, readJsonBody } from "../../../../lib/server/http/api.ts";
import { requireModerator } from "../../../../lib/server/http/moderation.ts";
import { moderateTestimonial } from "../../../../lib/server/testimonials/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, params }) => {
  requireModerator(request);
  const { action } = await readJsonBody(request, moderationActionSchema);
  const id = params.id ?? "";
  if (!isUuid(id) || !(await moderateTestimonial(await getDb(), id, action, systemNow()))) {
    throw new AppError("NOT_FOUND", 404, "No pending submission with this id.");
  }
  return jsonResponse({ success: true, message: action === "approve" ? "Approved." : "Rejected." });
};
