import type { APIRoute } from "astro";
import { REASON } from "#shared/failures.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { useCaseApiSchema } from "#shared/schemas/use-case-api.ts";
import { USE_CASE_SLUG } from "#shared/use-cases.ts";
import { failure } from "#server/errors.ts";
import { checkUseCaseRequest, findUseCase } from "#server/generation/use-cases.ts";
import { OWN_TEXT_BODY_BYTES, readJsonBody, validationError } from "#server/http/api.ts";
import { answerGeneration } from "#server/http/generate-answer.ts";

export const prerender = false;

/**
 * POST /api/v1/use-cases/{slug} (issue 29): one use case's text from its fields, typed in
 * the OpenAPI document by the use case's own schema (useCaseApiSchema). The request is
 * then the web's (POST /api/email/generate with `useCase`), answered by the same path:
 * JSON by default, server-sent events with `Accept: text/event-stream`; priced, limited
 * and refunded alike (decision 088).
 */
export const POST: APIRoute = async (context) => {
  const slug = context.params.slug ?? "";
  const useCase = USE_CASE_SLUG.test(slug) ? await findUseCase(slug) : null;
  if (!useCase) throw failure("NOT_FOUND", REASON.useCaseUnknown);
  const body = await readJsonBody(context.request, useCaseApiSchema(useCase), {
    maxBytes: OWN_TEXT_BODY_BYTES,
  });
  const parsed = generationRequestSchema.safeParse({
    useCase: slug,
    fields: body.fields,
    language: body.language ?? "english",
    contentType: useCase.contentType,
    tone: body.tone ?? useCase.tone,
    length: body.length ?? useCase.length,
    content: body.content,
    subject: body.subject,
    voiceId: body.voiceId,
    folderId: body.folderId,
  });
  if (!parsed.success) throw validationError(parsed.error);
  return answerGeneration(context, checkUseCaseRequest(parsed.data, useCase));
};
