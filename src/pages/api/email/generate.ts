import type { APIRoute } from "astro";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { withUseCase } from "#server/generation/use-cases.ts";
import { OWN_TEXT_BODY_BYTES, readJsonBody } from "#server/http/api.ts";
import { answerGeneration } from "#server/http/generate-answer.ts";

export const prerender = false;

/**
 * POST /api/email/generate: JSON by default; server-sent events with
 * `Accept: text/event-stream` (start, delta, reset, done or error).
 */
export const POST: APIRoute = async (context) => {
  // A use case's fields are checked against its definition before anything is charged;
  // a text tool's text makes the body up to 64 KiB (issue 26).
  const checked = await withUseCase(
    await readJsonBody(context.request, generationRequestSchema, {
      maxBytes: OWN_TEXT_BODY_BYTES,
    }),
  );
  return answerGeneration(context, checked);
};
