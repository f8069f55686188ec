import type { APIRoute } from "astro";
import { testimonialSubmissionSchema } from "#shared/schemas/testimonials.ts";
import { TESTIMONIAL_THANKS } from "#shared/testimonials.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { hashAddress } from "#server/keys/address-hash.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { submitTestimonial } from "#server/testimonials/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const submission = await readJsonBody(request, testimonialSubmissionSchema);
  await consumeRateLimit("testimonialByAddress", locals.clientNetwork);
  const db = await getDb();
  await submitTestimonial(db, submission, await hashAddress(db, locals.clientNetwork), systemNow());
  return jsonResponse(
    {
      success: true,
      message: TESTIMONIAL_THANKS,
    },
    { status: 201 },
  );
};
