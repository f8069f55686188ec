import type { APIRoute } from "astro";
import { testimonialSubmissionSchema } from "../../../lib/shared/schemas/testimonials.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { hashAddress } from "../../../lib/server/http/address-hash.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";
import { submitTestimonial } from "../../../lib/server/testimonials/index.ts";

export const prerender = false;

export const POST: APIRoute = async ({ request, locals }) => {
  const submission = await readJsonBody(request, testimonialSubmissionSchema);
  await consumeRateLimit("testimonialByAddress", locals.clientAddress);
  const db = await getDb();
  await submitTestimonial(db, submission, await hashAddress(db, locals.clientAddress), systemNow());
  return jsonResponse(
    {
      success: true,
      message: "Thank you for your feedback! It will appear here once it has been reviewed.",
    },
    { status: 201 },
  );
};
